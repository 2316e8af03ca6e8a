import type { PostReportReply } from '@guffaw/api';
import { createStore, useStore } from 'zustand';
import { errorMessage } from '../lib/api';
import { setBlocked } from '../lib/endpoints/session';
import { beaconBlockPost, blockPost, getDownloadUrl, removePost, sendReport } from '../lib/endpoints/lists';
import { LINK_COPIED } from '../post/share';
import { openModal, requireMember } from '../ui/modals';
import { showToast } from '../ui/toasts';
import { userStore, useUser } from '../user/user-store';
import type { UserInfo } from '../user/user-types';
import { postListStore } from './post-store';
import { updateUserInfo } from '../user/user-store';
import type { Post } from './post-types';
import { isOwnUpload } from './visibility';

/**
 * The post card's actions (posts-and-feeds.md §4-§6, shell-and-account.md §4 "Block-post flow"): hide with its 5 s
 * queue and revert, report, block the creator, delete an own upload, download the media, copy the link. Every one
 * is checked again by the server (modules/posts/actions.ts); the menu only leaves out what a role cannot do.
 */

/** shell-and-account.md §9: block-post delay 5000 ms. */
export const HIDE_DELAY_MS = 5000;
/** comments.md §9: the undo toast after a block stays 10000 ms. */
export const UNDO_TOAST_MS = 10_000;

export const HIDDEN_MESSAGE = 'The post is hidden.';
/** comments.md §8, with the product's own name (the config's appName) for 'the product'. */
export const reportedMessage = (appName: string) => `Reported. Thanks for making ${appName} better.`;
export const REPORT_FAILED_MESSAGE = 'Something went wrong, please try again later.';
export const DELETED_MESSAGE = 'The post is removed.';
export const blockedMessage = (name: string) => `You’ve blocked @${name}`;
export const unblockedMessage = (name: string) => `You’ve unblocked @${name}`;

// --- which actions a viewer gets (§5, §6) ---------------------------------------------------------------------

export type MenuAction = 'copy-link' | 'download' | 'hide' | 'report' | 'block-user' | 'delete';
/** Where the post is shown: a list, the main post of a post page, or inside a collection page. */
export type PostPlace = 'list' | 'main' | 'collection';

/**
 * §5: Download only for photo and animated posts, never for an nsfw post in safe mode (a visitor counts as safe mode:
 * they see the mask). Report hidden for own uploads. Block user hidden for anonymous posts, own posts and collection
 * pages. Delete only for own uploads. Hide hidden for own uploads, collection pages and the main post. Visitors see
 * report, hide and block: choosing one opens the signup overlay (§6).
 */
export function menuActions(post: Post, info: UserInfo, place: PostPlace = 'list'): MenuAction[] {
  const own = isOwnUpload(info, post.id);
  const collection = place === 'collection' || post.type === 'CollectionPage';
  const safe = !info.user?.username || info.user.safeMode;
  const actions: MenuAction[] = ['copy-link'];
  if ((post.type === 'Photo' || post.type === 'Animated') && !(post.nsfw && safe)) actions.push('download');
  if (!own && !collection && place !== 'main') actions.push('hide');
  if (!own) actions.push('report');
  const creatorIsViewer = Boolean(post.creator && info.user && post.creator.accountId === info.user.accountId);
  if (post.creator && !post.isAnonymous && !own && !creatorIsViewer && !collection) actions.push('block-user');
  if (own) actions.push('delete');
  return actions;
}

// --- hide, with the 5 s queue ---------------------------------------------------------------------------------

/** The posts hidden in the last 5 s whose block call is not sent yet (shell §3 blockPostsQueue). */
const queueStore = createStore<{ queued: string[] }>()(() => ({ queued: [] }));
const timers = new Map<string, ReturnType<typeof setTimeout>>();

const dequeue = (id: string) => queueStore.setState((s) => ({ queued: s.queued.filter((q) => q !== id) }));
/**
 * blockPosts holds one type per post, and the server stores a hide ('post') apart from a comment block ('comment',
 * Hide OP comments): a hide shadows the comment block here, and undoing the hide brings it back.
 */
const shadowedBlocks = new Map<string, string>();
const setBlockedPost = (id: string, blocked: boolean) =>
  updateUserInfo((info) => {
    const blockPosts = { ...info.blockPosts };
    const before = blockPosts[id];
    if (blocked) {
      if (before !== undefined && before !== 'post') shadowedBlocks.set(id, before);
      blockPosts[id] = 'post';
    } else {
      const shadowed = shadowedBlocks.get(id);
      shadowedBlocks.delete(id);
      if (shadowed !== undefined) blockPosts[id] = shadowed;
      else delete blockPosts[id];
    }
    return { blockPosts };
  });

/** §4 Post card: normal to hidden at once; the block call goes after 5 s unless reverted first. */
export function hidePost(postId: string, delayMs = HIDE_DELAY_MS): void {
  if (!requireMember('hide')) return;
  if (timers.has(postId) || userStore.getState().info.blockPosts[postId] === 'post') return;
  listenForPageLeave();
  queueStore.setState((s) => ({ queued: [...s.queued, postId] }));
  timers.set(
    postId,
    setTimeout(() => void sendHide(postId), delayMs),
  );
  showToast(HIDDEN_MESSAGE);
}

/** Consumes a queued hide: into the blocked map, then the call; a refusal shows the post again. */
async function sendHide(postId: string): Promise<void> {
  timers.delete(postId);
  if (!queueStore.getState().queued.includes(postId)) return;
  dequeue(postId);
  setBlockedPost(postId, true);
  try {
    await blockPost(postId, 'post');
  } catch (error) {
    setBlockedPost(postId, false);
    showToast(errorMessage(error), 'error');
  }
}

/** Revert: within the 5 s nothing was sent, so the queue item is dropped; later an unblock call is sent. */
export async function revertHide(postId: string): Promise<void> {
  const timer = timers.get(postId);
  if (timer) {
    clearTimeout(timer);
    timers.delete(postId);
    dequeue(postId);
    return;
  }
  if (userStore.getState().info.blockPosts[postId] !== 'post') return;
  setBlockedPost(postId, false);
  try {
    await blockPost(postId, 'post', true);
  } catch (error) {
    setBlockedPost(postId, true);
    showToast(errorMessage(error), 'error');
  }
}

/**
 * The page is being left with hides still queued: each is sent now as a beacon (a fetch would be cancelled with the
 * page), so a hide the reader did not revert is kept.
 */
export function flushHides(): void {
  for (const [postId, timer] of timers) {
    clearTimeout(timer);
    timers.delete(postId);
    dequeue(postId);
    setBlockedPost(postId, true);
    if (!beaconBlockPost(postId)) void blockPost(postId, 'post').catch(() => undefined);
  }
}

let listening = false;
function listenForPageLeave(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', flushHides);
}

/** For tests: forget queued hides without sending them. */
export function resetHideQueue(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  queueStore.setState({ queued: [] });
}

export const useHidden = (postId: string): boolean => {
  const queued = useStore(queueStore, (s) => s.queued.includes(postId));
  // A comment block (Hide OP comments) leaves the post in view.
  const blocked = useUser((s) => s.info.blockPosts[postId] === 'post');
  return queued || blocked;
};

// --- block the creator ----------------------------------------------------------------------------------------

const setBlockedAccount = (accountId: string, blocked: boolean) =>
  updateUserInfo((info) => ({
    blocklistIds: blocked ? [...info.blocklistIds.filter((id) => id !== accountId), accountId] : info.blocklistIds.filter((id) => id !== accountId),
  }));

/** comments.md §7: POST /v1/user-block {accountId, _method}; the blocked list changes only once the server agrees. */
export async function setUserBlocked(creator: { accountId: string; username: string }, blocked: boolean): Promise<boolean> {
  try {
    await setBlocked(creator.accountId, blocked);
  } catch (error) {
    showToast(errorMessage(error), 'error');
    return false;
  }
  setBlockedAccount(creator.accountId, blocked);
  if (blocked) showBlockedToast(creator);
  else showToast(unblockedMessage(creator.username));
  return true;
}

/** "You’ve blocked @{name}" with Undo for 10 s (comments.md §4, §8). */
function showBlockedToast(creator: { accountId: string; username: string }): void {
  showToast(blockedMessage(creator.username), 'info', {
    durationMs: UNDO_TOAST_MS,
    action: { label: 'Undo', run: () => void setUserBlocked(creator, false) },
  });
}

/** Block user (§4): a confirm modal first; a visitor gets the signup overlay. */
export function askBlockUser(post: Post): void {
  if (!post.creator || !requireMember('block')) return;
  openModal('block-user', { accountId: post.creator.accountId, username: post.creator.username });
}

// --- report ---------------------------------------------------------------------------------------------------

export function askReport(post: Post): void {
  if (!requireMember('report')) return;
  openModal('report', { postId: post.id });
}

/**
 * POST /report (comments.md §7). The post joins the viewer's reports (lists leave it out from then on); after a
 * blocking reason the server has blocked the creator too, which the block toast with Undo says. appName is the config's.
 */
export async function reportPost(postId: string, reason: number, appName: string): Promise<boolean> {
  let reply: PostReportReply;
  try {
    reply = await sendReport({ entryId: postId }, reason);
  } catch {
    showToast(REPORT_FAILED_MESSAGE, 'error');
    return false;
  }
  updateUserInfo((info) => ({ reports: info.reports.includes(postId) ? info.reports : [...info.reports, postId] }));
  showToast(reportedMessage(appName));
  const creator = postListStore.getState().posts[postId]?.creator;
  if (reply.creatorBlocked && creator) {
    setBlockedAccount(creator.accountId, true);
    showBlockedToast(creator);
  }
  return true;
}

// --- delete, download, copy link ------------------------------------------------------------------------------

/** §4 Delete post: own uploads only; on success list views reload. */
export async function deletePost(postId: string): Promise<boolean> {
  try {
    await removePost(postId);
  } catch (error) {
    showToast(errorMessage(error), 'error');
    return false;
  }
  updateUserInfo((info) => ({ uploads: info.uploads.filter((id) => id !== postId) }));
  postListStore.getState().reloadLists();
  showToast(DELETED_MESSAGE);
  return true;
}

/** POST /v1/download-post answers the media URL; the browser then saves it. */
export async function downloadPost(postId: string): Promise<void> {
  try {
    const { url } = await getDownloadUrl(postId);
    const link = document.createElement('a');
    link.href = url;
    link.download = url.split('/').pop()?.split('?')[0] || `${postId}`;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } catch (error) {
    showToast(errorMessage(error), 'error');
  }
}

export async function copyPostLink(post: Post): Promise<void> {
  try {
    await navigator.clipboard.writeText(post.shareUrl || post.postUrl);
    showToast(LINK_COPIED);
  } catch {
    showToast('Could not copy the link. Copy it from the address bar instead.', 'error');
  }
}

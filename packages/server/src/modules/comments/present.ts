import type { Comment, CommentUser, CommentUserInfo, LinkPreview, MediaItem } from '@guffaw/comments-client';
import type { AppRow, CommentRecord, UserRow } from './repo/index.js';
import { banInfo } from './service/bans.js';

/** Row -> wire shapes of comments.md §3. Text goes out as text: the client renders it, never as HTML. */

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** comments.md §3: a profile url is kept only if it contains /u/, otherwise the user has no link. */
export const keptProfileUrl = (url: string) => (url.includes('/u/') ? url : '');

type Prefs = { hideProBadge: boolean; hideActiveTs: boolean; accentColor: string; backgroundColor: string };

function preferences(json: unknown): Prefs {
  const p = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  return {
    hideProBadge: p.hideProBadge === true,
    hideActiveTs: p.hideActiveTs === true,
    accentColor: typeof p.accentColor === 'string' ? p.accentColor : '',
    backgroundColor: typeof p.backgroundColor === 'string' ? p.backgroundColor : '',
  };
}

export function presentUser(u: UserRow): CommentUser {
  return {
    userId: u.userId,
    accountId: u.externalId,
    avatarUrl: u.avatarUrl,
    displayName: u.displayName,
    emojiStatus: u.emojiStatus,
    country: u.country,
    profileUrl: keptProfileUrl(u.profileUrl),
    timestamp: seconds(u.createdAt),
    activeTs: seconds(u.activeAt),
    isActivePro: u.isPro,
    isActiveProPlus: u.isProPlus,
    isVerifiedAccount: u.isVerified,
    preferences: preferences(u.preferences),
  };
}

/** user.json `info`: `banned` and `ban` only while a ban is in force (an ended one counts as none). */
export function presentUserInfo(u: UserRow, moderate: boolean): CommentUserInfo {
  const ban = banInfo(u);
  return { ...presentUser(u), moderate, banned: ban !== undefined, ...(ban ? { ban } : {}) };
}

/** The anonymous OP (opStatus 2): the app's avatar and a neutral name; nothing that leads back to the account. */
export function anonymousOp(app: AppRow): CommentUser {
  return {
    userId: 'anonymous',
    accountId: '',
    avatarUrl: app.anonymousAvatarUrl,
    displayName: 'OP',
    emojiStatus: '',
    country: '',
    profileUrl: '',
    timestamp: 0,
    activeTs: 0,
    isActivePro: false,
    isActiveProPlus: false,
    isVerifiedAccount: false,
    preferences: { hideProBadge: false, hideActiveTs: false, accentColor: '', backgroundColor: '' },
  };
}

/** A deleted comment kept for its replies names no one: its author's name, picture and links go with its text. */
const deletedAuthor = (app: AppRow): CommentUser => ({ ...anonymousOp(app), userId: 'deleted', avatarUrl: '', displayName: '' });

function authorOf(r: CommentRecord, app: AppRow): CommentUser {
  if (r.isDeleted) return deletedAuthor(app);
  if (r.opStatus === 2) return anonymousOp(app);
  return {
    userId: r.authorUserId,
    accountId: r.authorExternalId,
    avatarUrl: r.authorAvatarUrl,
    displayName: r.authorDisplayName,
    emojiStatus: r.authorEmojiStatus,
    country: r.authorCountry,
    profileUrl: keptProfileUrl(r.authorProfileUrl),
    timestamp: seconds(r.authorCreatedAt),
    activeTs: seconds(r.authorActiveAt),
    isActivePro: r.authorIsPro,
    isActiveProPlus: r.authorIsProPlus,
    isVerifiedAccount: r.authorIsVerified,
    preferences: preferences(r.authorPreferences),
  };
}

export type PresentContext = { app: AppRow; url: string; listUrl: string };

export function presentComment(r: CommentRecord, ctx: PresentContext): Comment {
  const threadId = r.level === 1 ? r.commentId : (r.threadCommentId ?? r.commentId);
  const attachments = Array.isArray(r.attachments) ? (r.attachments as { type?: string; link?: LinkPreview }[]) : [];
  const q = new URLSearchParams({ appId: ctx.app.id, url: ctx.url, commentId: threadId, level: '2' });
  return {
    commentId: r.commentId,
    text: r.text,
    mediaText: r.mediaText,
    user: authorOf(r, ctx.app),
    type: r.type === 'userMedia' ? 'userMedia' : 'text',
    level: r.level === 2 ? 2 : 1,
    media: (Array.isArray(r.media) ? r.media : []) as MediaItem[],
    links: attachments.filter((a) => a.type === 'link' && a.link).map((a) => a.link as LinkPreview),
    mentionMapping: (!r.isDeleted && r.mentionMapping && typeof r.mentionMapping === 'object' ? r.mentionMapping : {}) as Record<string, string>,
    parent: r.level === 2 ? r.parentCommentId : null,
    permalink: `${ctx.url}#cs_comment_id=${r.commentId}`,
    threadId,
    timestamp: seconds(r.createdAt),
    isVoteMasked: false,
    likeCount: r.likeCount,
    dislikeCount: r.dislikeCount,
    isPinned: r.isPinned ? 1 : 0,
    childrenTotal: r.level === 1 ? r.childrenTotal : 0,
    childrenUrl: r.level === 1 ? `${ctx.listUrl}?${q.toString()}` : '',
    isCollapsed: r.isCollapsed,
    isDeleted: r.isDeleted,
    isSensitive: r.isSensitive,
    isOffensive: r.isOffensive,
    isHidden: r.isHidden,
    opStatus: r.opStatus === 2 ? 2 : r.opStatus === 1 ? 1 : 0,
    // Only lists that may show a held comment (its author's, moderators') ever meet one (MODERATION.md).
    ...(r.heldAt ? { isHeld: true, heldReason: (r.heldReason ?? 'premoderation') as NonNullable<Comment['heldReason']> } : {}),
  };
}

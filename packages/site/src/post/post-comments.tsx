import { useEffect, useState } from 'react';
import { Comments, type BlockApi, type FollowApi, type InitialPage } from '@guffaw/comments-widget';
import '@guffaw/comments-widget/styles.css';
import { setThreadFollowed, threadFollowStatus } from '../lib/endpoints/account';
import { setBlocked } from '../lib/endpoints/session';
import { getOpToken } from '../lib/endpoints/posts';
import { navigate, useHydrated } from '../router';
import { postListStore } from '../feed/post-store';
import { useViewAllOffensive } from '../feed/visibility';
import { openModal } from '../ui/modals';
import { currentTheme, useTheme } from '../theme/theme';
import { useUser } from '../user/user-store';
import { BottomComposer } from './bottom-composer';

/** The main site's app in the comment service (DESIGN.md). */
export const COMMENT_APP_ID = 'guffaw';

/** comments.md §7: thread follow on the main API. */
export const followApi: FollowApi = {
  async status(threadId) {
    return (await threadFollowStatus(threadId)).followed;
  },
  async set(threadId, follow) {
    await setThreadFollowed(threadId, follow);
  },
};

/** User blocks on the main API (the same list the settings page shows). */
export const blockApi: BlockApi = {
  async block(accountId) {
    await setBlocked(accountId, true);
  },
  async unblock(accountId) {
    await setBlocked(accountId, false);
  },
};

/**
 * The comments of one post through the comments widget: the thread is keyed by the post's canonical URL (postUrl),
 * the viewer signs in with the commentAuth token of /v1/user-info, and a visitor's action opens the signup overlay.
 */
/**
 * comments.md §6: the uploader's proof that they are the post's OP (pin, hide, and on an anonymous post "Post anonymously
 * as OP"), asked of /v1/op-token for the viewer's own uploads only.
 */
function useOpToken(postId: string, own: boolean): string | undefined {
  const [token, setToken] = useState<string | undefined>(undefined);
  useEffect(() => {
    setToken(undefined);
    if (!own) return;
    let live = true;
    getOpToken(postId).then(
      (reply) => {
        if (live) setToken(reply.opToken);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [postId, own]);
  return token;
}

export default function PostComments({ postId, url, isForum, canAnonymous, own = false, initialPage, threadId, onThreadChange }: {
  postId: string;
  url: string;
  isForum: boolean;
  canAnonymous: boolean;
  /** The viewer uploaded this post (user-info uploads): they get its OP token. */
  own?: boolean;
  /** The first page the server read for a visitor, drawn in the page's HTML: the widget hydrates it, not reads it again. */
  initialPage?: InitialPage | undefined;
  /** The thread the URL hash names (#cs_comment_id={id}), or null for the list. */
  threadId: string | null;
  /** The viewer opened a thread or went back to the list: the page puts it in the hash. */
  onThreadChange: (commentId: string | null) => void;
}) {
  const auth = useUser((s) => s.info.user?.commentAuth ?? null);
  // comments.md §5: offensive comments show in offensive mode, or once the viewer chose to view all of this post's.
  const offensiveMode = useUser((s) => s.info.user?.offensiveMode === true);
  const viewAll = useViewAllOffensive(postId);
  // comments.md §5: the viewer blocked this post for comments (Hide OP comments): its anonymous OP comments go.
  const postBlocked = useUser((s) => s.info.blockPosts[postId] === 'comment');
  // The server knows no reader's theme: its HTML and the hydration say 'system' (the OS's), the chosen one follows.
  const hydrated = useHydrated();
  const chosenTheme = useTheme(currentTheme);
  const theme = hydrated ? chosenTheme : 'system';
  const opToken = useOpToken(postId, own && auth !== null);
  return (
    <Comments
      appId={COMMENT_APP_ID}
      url={url}
      auth={auth}
      // The comment service is mounted on the site's own origin (DESIGN.md).
      host={typeof window === 'undefined' ? undefined : window.location.origin}
      // A member reads their own first page (their votes, their hidden comments), not the visitor's.
      initialPage={auth ? undefined : initialPage}
      isForum={isForum}
      // comments.md §4: on the product's own page an open reply composer locks the page's scrolling.
      lockScroll
      canAnonymous={canAnonymous}
      opToken={opToken}
      showOffensive={offensiveMode || viewAll}
      threadId={threadId}
      onThreadChange={onThreadChange}
      theme={theme}
      onRequireLogin={() => openModal('signup', { next: window.location.pathname + window.location.hash, action: 'comment' })}
      onNavigate={(target) => {
        const to = new URL(target, window.location.href);
        if (to.origin === window.location.origin) navigate(to.pathname + to.search + to.hash);
        else window.location.assign(to.href);
      }}
      followApi={followApi}
      blockApi={blockApi}
      postBlocked={postBlocked}
      onHideOpComments={({ threadId: thread }) => openModal('hide-op-comments', { postId, threadId: thread })}
      // The post's counts (its Comments tab, vote bar, cards) follow the widget's total as soon as it changes.
      onTotalChange={(total) => postListStore.getState().patchPost(postId, { commentsCount: total })}
    >
      <BottomComposer theme={chosenTheme} />
    </Comments>
  );
}

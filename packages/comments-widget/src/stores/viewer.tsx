import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Viewer } from '../lib/visibility.js';
import { selectIsModerator, selectUserId } from './user-store.js';
import { useCommentUser, useSettings, useWidget } from './widget-context.js';

export type ViewerRole = Viewer & { loggedIn: boolean; isOp: boolean; canAnonymous: boolean };

const ViewerContext = createContext<ViewerRole | null>(null);

function useViewerRole(): ViewerRole {
  const { client, options } = useWidget();
  const userId = useCommentUser(selectUserId);
  const moderator = useCommentUser(selectIsModerator);
  const blocklistIds = useSettings((s) => s.blocklistIds);
  // The token decides at once; the comment-user info (id, moderator flag) follows when user.json answers.
  const status = useCommentUser((s) => s.status);
  const loggedIn = client.isLoggedIn() && status !== 'error';
  return useMemo(() => ({
    userId,
    moderator,
    blocklistIds,
    loggedIn,
    isOp: loggedIn && Boolean(options.opToken),
    canAnonymous: loggedIn && Boolean(options.opToken) && options.canAnonymous === true,
    showOffensive: options.showOffensive === true,
    postBlocked: options.postBlocked === true,
  }), [userId, moderator, blocklistIds, loggedIn, options.opToken, options.canAnonymous, options.showOffensive, options.postBlocked]);
}

/** Works out the viewer once per widget; every comment reads it from context (500 comments, one subscription). */
export function ViewerProvider({ children }: { children: ReactNode }) {
  return <ViewerContext.Provider value={useViewerRole()}>{children}</ViewerContext.Provider>;
}

/** The viewer as the UI needs it: who they are, what they may do. */
export function useViewer(): ViewerRole {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error('Comment components must be placed inside <Comments> or <WidgetProvider>.');
  return viewer;
}

/** Runs an action for members, or asks the host to log the visitor in. */
export function useRequireLogin() {
  const { options, toasts, i18n } = useWidget();
  const viewer = useViewer();
  return (action: () => void) => {
    if (viewer.loggedIn) return action();
    if (options.onRequireLogin) options.onRequireLogin();
    else toasts.getState().show(i18n.getState().t('loginRequired'));
  };
}

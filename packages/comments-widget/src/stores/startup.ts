import { isCommentsApiError } from '@guffaw/comments-client';
import { listKey } from './section-store.js';
import type { WidgetStores } from './widget-stores.js';

/** The service's codes for a token it will not take: the viewer must get a fresh one from the host. */
const REFUSED_TOKEN = new Set(['AUTH_EXPIRED', 'AUTH_INVALID']);

const firstView = ({ section }: WidgetStores, fresh = true): Promise<void> => {
  const { sort, view, openThread, loadFirst } = section.getState();
  return view.mode === 'thread' ? openThread(view.commentId) : loadFirst(listKey(sort), fresh);
};

/**
 * Loads the viewer and the first list (or the thread the view is on). A refused token does not cost the reader the
 * thread: the widget warns in the console with the service's code, tells the host (onAuthError, to hand a fresh
 * token), and reads again as a visitor. `isCurrent` is false once the host changed the token meanwhile: the new token
 * is not the refused one, and must not be signed out. `fresh` false keeps a first list that is still fresh (a visitor's
 * page the server read, the widget's initialPage) instead of reading it again.
 */
export async function startWidget(stores: WidgetStores, isCurrent: () => boolean = () => true, fresh = true): Promise<void> {
  const { client, user, options } = stores;
  const viewer = user.getState().load();
  try {
    await firstView(stores, fresh);
  } catch (error) {
    if (!isCommentsApiError(error) || !REFUSED_TOKEN.has(error.code) || !client.isLoggedIn()) return;
    // The viewer's own load fails on the same token: let it settle first, so its error does not land after the reload.
    await viewer;
    if (!isCurrent() || !client.isLoggedIn()) return;
    console.warn(`Guffaw comments: token refused (${error.code}: ${error.serverText}); reading as a visitor until \`auth\` gets a fresh one (onAuthError).`);
    client.setAuth(null);
    options.onAuthError?.({ code: error.code, message: error.serverText });
    void user.getState().load();
    await firstView(stores).catch(() => undefined);
  }
}

/**
 * Whether nothing has started these stores yet: a host that builds its own section from the pieces (WidgetProvider
 * and CommentSection) gets its data loaded by the section; <Comments>, the iframe and stories start theirs themselves.
 */
export const isUnstarted = ({ user, section }: WidgetStores): boolean =>
  user.getState().status === 'idle' && section.getState().initStatus === 'idle';

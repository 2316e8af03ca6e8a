import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createCommentsClient } from '@guffaw/comments-client';
import { selectIsModerator } from '../../stores/user-store.js';
import { createWidgetStores, WidgetProvider } from '../../stores/widget-stores.js';
import { ToastRegion } from '../toast-region/toast-region.js';
import type { Theme } from '../comments/comments.js';
import type { ModerationApi } from './moderation-api.js';
import { ModerationQueue } from './moderation-queue.js';

export type ModerationPageProps = {
  appId: string;
  /** The moderator's token of the app. */
  auth: string;
  /** Origin of the comment service (default: same origin). */
  host?: string | undefined;
  theme?: Theme | undefined;
  /** What a signed-in member who moderates nothing here sees (default: a short note). */
  notModerator?: ReactNode;
  /**
   * The host's own calls (an app owner or admin through the console): the queue shows at once, without asking
   * user.json whether the token's user moderates the app.
   */
  api?: ModerationApi | undefined;
};

/**
 * The queue on a page of its own (the site's /moderation): its own stores and toasts, the viewer's moderator rights
 * read from user.json first.
 */
export function ModerationPage({ appId, auth, host, theme = 'system', notModerator, api }: ModerationPageProps) {
  const [stores] = useState(() => createWidgetStores(createCommentsClient({ appId, auth, ...(host ? { host } : {}) }), { url: '' }));
  useEffect(() => {
    stores.client.setAuth(auth);
    void stores.user.getState().load();
  }, [stores, auth]);
  const status = useStore(stores.user, (s) => s.status);
  const moderator = useStore(stores.user, selectIsModerator);
  let content: ReactNode;
  if (api || (status === 'ready' && moderator)) content = <ModerationQueue api={api} headingLevel={2} />;
  else if (status === 'ready') content = notModerator ?? <p className="gfw-note" role="note">You are not a moderator of these comments.</p>;
  else if (status === 'error') content = <p className="gfw-error" role="alert">Your moderator rights could not be checked. Reload the page to try again.</p>;
  else content = <p className="gfw-note">Loading…</p>;
  return (
    <WidgetProvider stores={stores}>
      <div className="gfw-root" data-theme={theme}>
        {content}
        <ToastRegion />
      </div>
    </WidgetProvider>
  );
}

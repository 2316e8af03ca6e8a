import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createCommentsClient } from '@guffaw/comments-client';
import { selectIsModerator } from '../../stores/user-store.js';
import type { Messages } from '../../i18n/translate.js';
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
  /** The moderator's language (a BCP 47 tag), as <Comments locale>: a shipped one loads on demand, English meanwhile. */
  locale?: string | undefined;
  /** Texts by key, replacing the language's own, as <Comments messages>. */
  messages?: Messages | undefined;
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
export function ModerationPage({ appId, auth, host, theme = 'system', locale, messages, notModerator, api }: ModerationPageProps) {
  const [stores] = useState(() => createWidgetStores(createCommentsClient({ appId, auth, ...(host ? { host } : {}) }), { url: '', locale, messages }));
  useEffect(() => {
    stores.client.setAuth(auth);
    void stores.user.getState().load();
  }, [stores, auth]);
  const status = useStore(stores.user, (s) => s.status);
  const moderator = useStore(stores.user, selectIsModerator);
  const { t, locale: lang, dir } = useStore(stores.i18n);
  let content: ReactNode;
  if (api || (status === 'ready' && moderator)) content = <ModerationQueue api={api} headingLevel={2} />;
  else if (status === 'ready') content = notModerator ?? <p className="gfw-note" role="note">{t('notModerator')}</p>;
  else if (status === 'error') content = <p className="gfw-error" role="alert">{t('rightsUnchecked')}</p>;
  else content = <p className="gfw-note">{t('loading')}</p>;
  return (
    <WidgetProvider stores={stores}>
      <div className="gfw-root" data-theme={theme} lang={lang} dir={dir}>
        {content}
        <ToastRegion />
      </div>
    </WidgetProvider>
  );
}

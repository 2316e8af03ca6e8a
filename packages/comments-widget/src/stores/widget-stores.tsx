import type { ReactNode } from 'react';
import type { BlockedAccount, CommentsClient } from '@guffaw/comments-client';
import { MAIN_APP_ID, createComposerStore } from './composer-store.js';
import { createSectionStore } from './section-store.js';
import { createSettingsStore } from './settings-store.js';
import { createToastStore } from './toast-store.js';
import { createI18nStore, type Translate } from '../i18n/translate.js';
import { ViewerProvider } from './viewer.js';
import { createCommentUserStore } from './user-store.js';
import { WidgetContext, type WidgetOptions, type WidgetStores } from './widget-context.js';

export * from './widget-context.js';

/** One set of stores per widget instance, so two widgets on a page never share state. */
export function createWidgetStores(client: CommentsClient, given: WidgetOptions): WidgetStores {
  // Follows and blocks go through the comment service unless the host passes its own (the product's site passes its
  // main API); the service hands the main app's members on to the main site's tables, so the embed frame offers both.
  // A third-party app's blocklist comes with user.json.
  const own = client.appId !== MAIN_APP_ID;
  const options: WidgetOptions = {
    ...given,
    followApi: given.followApi ?? { status: (id) => client.followStatus(id), set: (id, on) => client.followThread(id, on) },
    blockApi: given.blockApi ?? { block: (id) => client.blockUser(id), unblock: (id) => client.unblockUser(id) },
  };
  const i18n = createI18nStore(options.locale, options.messages, options.catalogue);
  // The stores' own texts (toasts, notices) in the language shown when they are made.
  const t: Translate = (key, values) => i18n.getState().t(key, values);
  const toasts = createToastStore();
  const user = createCommentUserStore(client);
  const settings = createSettingsStore(toasts, options.blockApi, options.settings, t);
  if (own) {
    // Whoever signs in brings their own blocklist; signing out leaves none.
    const none: BlockedAccount[] = [];
    user.subscribe(({ blocklist = none }, { blocklist: before = none }) => {
      if (blocklist !== before) settings.setState({ blocklist, blocklistIds: blocklist.map((u) => u.accountId) });
    });
  }
  const section = createSectionStore(client, user, toasts, {
    url: options.url, sort: options.sort ?? 'hot', isForum: options.isForum ?? false, followApi: options.followApi,
    threadId: options.threadId, t,
  });
  const stores = { client, options, section, user, settings, toasts, i18n } as WidgetStores;
  // The OP token as the instance's options hold it now (a host may pass it later: Comments replaces the options).
  stores.composers = createComposerStore({ client, section, user, settings, toasts, opToken: () => stores.options.opToken, t });
  return stores;
}

export function WidgetProvider({ stores, children }: { stores: WidgetStores; children: ReactNode }) {
  return (
    <WidgetContext.Provider value={stores}>
      <ViewerProvider>{children}</ViewerProvider>
    </WidgetContext.Provider>
  );
}

import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { BlockedAccount, CommentsClient, SortType } from '@guffaw/comments-client';
import { MAIN_APP_ID, createComposerStore, type ComposerActions, type ComposerStore, type ComposerStoreState } from './composer-store.js';
import { createSectionStore, type FollowApi, type SectionActions, type SectionState, type SectionStore } from './section-store.js';
import { createSettingsStore, type BlockApi, type SettingsActions, type SettingsState, type SettingsStore } from './settings-store.js';
import { createToastStore, type ToastActions, type ToastState, type ToastStore } from './toast-store.js';
import { createI18nStore, type I18nState, type I18nStore, type Messages, type Translate } from '../i18n/translate.js';
import { ViewerProvider } from './viewer.js';
import { createCommentUserStore, type CommentUserActions, type CommentUserStore, type CommentUserStoreState } from './user-store.js';

/** What the host tells the widget about the viewer and the post, beyond the comment service's own answers. */
export type WidgetOptions = {
  url: string;
  sort?: SortType;
  isForum?: boolean;
  /** Open the thread view of this comment first (see SectionOptions.threadId). */
  threadId?: string | null | undefined;
  followApi?: FollowApi | undefined;
  blockApi?: BlockApi | undefined;
  /** Proof that the viewer is the post's OP: enables pin and, with canAnonymous, anonymous comments. */
  opToken?: string | undefined;
  /** The post permits anonymous OP comments (post.comment.canAnonymous). */
  canAnonymous?: boolean | undefined;
  /** The viewer turned offensive mode on, or the post shows all offensive comments. */
  showOffensive?: boolean | undefined;
  /** The post is blocked for comments: anonymous OP comments are filtered out. */
  postBlocked?: boolean | undefined;
  settings?: Partial<SettingsState> | undefined;
  onRequireLogin?: (() => void) | undefined;
  onNavigate?: ((url: string) => void) | undefined;
  /** A member asked to hide the post's anonymous OP comments; the host confirms and blocks. */
  onHideOpComments?: ((comment: { commentId: string; threadId: string }) => void) | undefined;
  /** How often the shown list asks for new comments (ms; default 15 s, 0 = never): the "N new comments" pill. */
  newCommentsPollMs?: number | undefined;
  /**
   * An open reply composer locks the page's scrolling. Off by default: on a host's page the widget
   * is a guest and leaves the host's <html> alone; the product's own site turns it on.
   */
  lockScroll?: boolean | undefined;
  /**
   * The comment service refused the viewer's token (expired or invalid). The widget has already gone on as a visitor
   * (the thread still shows); the host hands a fresh token through `auth` to sign the viewer in again.
   */
  onAuthError?: ((error: AuthError) => void) | undefined;
  /** The reader's language (a BCP 47 tag): a shipped one loads on demand, English meanwhile and for any other. */
  locale?: string | undefined;
  /** Texts by key, replacing the language's own (i18n/en.ts has every key). */
  messages?: Messages | undefined;
  /** The language's catalogue already loaded (loadLanguage(locale)): the first render is in that language. */
  catalogue?: Messages | undefined;
};

/** A refused token: the service's code (AUTH_EXPIRED, AUTH_INVALID) and its message. */
export type AuthError = { code: string; message: string };

export type WidgetStores = {
  client: CommentsClient;
  options: WidgetOptions;
  section: SectionStore;
  composers: ComposerStore;
  user: CommentUserStore;
  settings: SettingsStore;
  toasts: ToastStore;
  i18n: I18nStore;
};

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

const WidgetContext = createContext<WidgetStores | null>(null);

export function WidgetProvider({ stores, children }: { stores: WidgetStores; children: ReactNode }) {
  return (
    <WidgetContext.Provider value={stores}>
      <ViewerProvider>{children}</ViewerProvider>
    </WidgetContext.Provider>
  );
}

export function useWidget(): WidgetStores {
  const stores = useContext(WidgetContext);
  if (!stores) throw new Error('Comment components must be placed inside <Comments> or <WidgetProvider>.');
  return stores;
}

export const useSection = <T,>(selector: (s: SectionState & SectionActions) => T): T => useStore(useWidget().section, selector);
export const useComposers = <T,>(selector: (s: ComposerStoreState & ComposerActions) => T): T => useStore(useWidget().composers, selector);
export const useCommentUser = <T,>(selector: (s: CommentUserStoreState & CommentUserActions) => T): T => useStore(useWidget().user, selector);
export const useSettings = <T,>(selector: (s: SettingsState & SettingsActions) => T): T => useStore(useWidget().settings, selector);
/** English for a piece shown outside a widget (a story, a test): it never changes, so one serves them all. */
const english = createI18nStore();
export const useI18n = <T,>(selector: (s: I18nState) => T): T => useStore(useContext(WidgetContext)?.i18n ?? english, selector);
/** The widget's `t(key, values)` in the reader's language. */
export const useT = (): Translate => useI18n((s) => s.t);
/** The reader's language as shown: `locale` (for Intl), `dir` and `t`. */
export const useLanguage = (): I18nState => useI18n((s) => s);
export const useToasts = <T,>(selector: (s: ToastState & ToastActions) => T): T => useStore(useWidget().toasts, selector);

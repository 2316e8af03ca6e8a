import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { CommentsClient, SortType } from '@guffaw/comments-client';
import type { ComposerActions, ComposerStore, ComposerStoreState } from './composer-store.js';
import type { FollowApi, SectionActions, SectionState, SectionStore } from './section-store.js';
import type { BlockApi, SettingsActions, SettingsState, SettingsStore } from './settings-store.js';
import type { ToastActions, ToastState, ToastStore } from './toast-store.js';
import { createI18nStore, type I18nState, type I18nStore, type Messages, type Translate } from '../i18n/translate.js';
import type { CommentUserActions, CommentUserStore, CommentUserStoreState } from './user-store.js';

/**
 * A widget instance's stores as its components reach them: the options, the store set's type, the context that hands
 * it down and one hook per store. The stores are made, and the context provided, in widget-stores.tsx.
 */

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

export const WidgetContext = createContext<WidgetStores | null>(null);

export function useWidget(): WidgetStores {
  const stores = useContext(WidgetContext);
  if (!stores) throw new Error('Comment components must be placed inside <Comments> or <WidgetProvider>.');
  return stores;
}

export const useSection = <T>(selector: (s: SectionState & SectionActions) => T): T => useStore(useWidget().section, selector);
export const useComposers = <T>(selector: (s: ComposerStoreState & ComposerActions) => T): T => useStore(useWidget().composers, selector);
export const useCommentUser = <T>(selector: (s: CommentUserStoreState & CommentUserActions) => T): T => useStore(useWidget().user, selector);
export const useSettings = <T>(selector: (s: SettingsState & SettingsActions) => T): T => useStore(useWidget().settings, selector);
/** English for a piece shown outside a widget (a story, a test): it never changes, so one serves them all. */
const english = createI18nStore();
export const useI18n = <T>(selector: (s: I18nState) => T): T => useStore(useContext(WidgetContext)?.i18n ?? english, selector);
/** The widget's `t(key, values)` in the reader's language. */
export const useT = (): Translate => useI18n((s) => s.t);
/** The reader's language as shown: `locale` (for Intl), `dir` and `t`. */
export const useLanguage = (): I18nState => useI18n((s) => s);
export const useToasts = <T>(selector: (s: ToastState & ToastActions) => T): T => useStore(useWidget().toasts, selector);

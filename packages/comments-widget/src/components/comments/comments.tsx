import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { createCommentsClient, type CommentsClient, type SortType } from '@guffaw/comments-client';
import { abbreviate } from '../../lib/labels.js';
import type { FollowApi, SectionView } from '../../stores/section-store.js';
import type { BlockApi, SettingsState } from '../../stores/settings-store.js';
import { createWidgetStores, useLanguage, useSection, useWidget, WidgetProvider, type AuthError, type WidgetStores } from '../../stores/widget-stores.js';
import type { Messages } from '../../i18n/translate.js';
import { CommentList } from '../comment-list/index.js';
import { Composer } from '../composer/index.js';
import { EmailButton } from '../email-settings/index.js';
import { SectionTools } from '../section-tools/index.js';
import { SortTabs } from '../sort-tabs/index.js';
import { ThreadView } from '../thread-view/index.js';
import { ToastRegion } from '../toast-region/index.js';
import { MAIN_COMPOSER } from '../../stores/composer-store.js';
import { seedFirstPage, type InitialPage } from '../../stores/first-page.js';
import { isUnstarted, startWidget } from '../../stores/startup.js';

export type Theme = 'light' | 'dark' | 'system';

export type CommentsProps = {
  /** The comment app (tenant) id, e.g. 'guffaw'. */
  appId: string;
  /** Canonical url of the page whose comments these are. */
  url: string;
  /** The app's signed token for the viewer; absent or null for a visitor. */
  auth?: string | null | undefined;
  /** Origin of the comment service (default: same origin). */
  host?: string | undefined;
  sort?: SortType | undefined;
  /** Forum posts say Answers and put new top-level comments last. */
  isForum?: boolean | undefined;
  /**
   * The comment whose thread is shown (the host's #cs_comment_id={id}), or null for the list. Read at start, and
   * followed when it changes later (back and forward in the host's history); undefined leaves the view to the widget.
   */
  threadId?: string | null | undefined;
  /** The viewer opened a thread (its comment id) or went back to the list (null): the host keeps it in its URL. */
  onThreadChange?: ((commentId: string | null) => void) | undefined;
  theme?: Theme | undefined;
  /** More classes on the section's root (`.gfw-root`), for the host's own styles and `--gfw-*` values. */
  className?: string | undefined;
  /** A visitor tried something that needs a login. */
  onRequireLogin?: (() => void) | undefined;
  /** A profile or mention link was followed; without it links navigate normally. */
  onNavigate?: ((url: string) => void) | undefined;
  /**
   * A member asked to hide the post's anonymous OP comments (the "Hide OP comments" item of an anonymous OP comment's
   * menu, shown only with this callback): the host confirms, blocks the post for comments and passes postBlocked.
   */
  onHideOpComments?: ((comment: { commentId: string; threadId: string }) => void) | undefined;
  /**
   * The section's total (the comments people can see) as the service last said it, each time it changes: the host
   * shows its own counts (a post's tab, cards) from it, so they agree with the widget's heading.
   */
  onTotalChange?: ((total: number) => void) | undefined;
  /** A ready client (tests, hosts sharing one); otherwise one is made from appId, auth and host. */
  client?: CommentsClient | undefined;
  /** Thread follow on the main API; follow is hidden without it. */
  followApi?: FollowApi | undefined;
  /** User block on the main API; block is hidden without it. */
  blockApi?: BlockApi | undefined;
  /** Viewer is the post's OP (their proof token): pin, and anonymous comments when canAnonymous. */
  opToken?: string | undefined;
  canAnonymous?: boolean | undefined;
  /** Offensive mode on, or the post shows all offensive comments. */
  showOffensive?: boolean | undefined;
  /** The post is blocked for comments by the viewer. */
  postBlocked?: boolean | undefined;
  /** The viewer's settings known to the host (blocklist, autoFollowThreadReply). */
  settings?: Partial<SettingsState> | undefined;
  /** How often the shown list asks for new comments (ms; default 15 s, 0 = never): the "N new comments" pill. */
  newCommentsPollMs?: number | undefined;
  /** An open reply composer locks the page's scrolling (off by default: the host's page scrolls as it always does). */
  lockScroll?: boolean | undefined;
  /**
   * The service refused `auth` (code AUTH_EXPIRED or AUTH_INVALID, and its message): the widget warns in the console
   * and goes on as a visitor, the thread still shown; hand a fresh token in `auth` to sign the viewer in again.
   */
  onAuthError?: ((error: AuthError) => void) | undefined;
  /**
   * The first page of the hot list as the host's server read it for a visitor (its server render of the section):
   * the widget starts from it, so hydration matches that HTML, and reads it again only once it is older than the
   * list's cache time or a viewer signs in. Read when the widget starts (or restarts for a new url).
   */
  initialPage?: InitialPage | undefined;
  /**
   * The reader's language, a BCP 47 tag: en (default), es, de, fr, pt-BR, ja or ar (right to left), or a regional
   * variant of one (de-AT is de); another language shows English. A language other than English loads on demand.
   */
  locale?: string | undefined;
  /** Texts by key (src/i18n/en.ts lists them), replacing the language's own: a wording of the host's, or a language we do not ship. */
  messages?: Messages | undefined;
  /** Host parts rendered inside the widget's stores (e.g. a bottom composer bar sharing the main draft). */
  children?: ReactNode;
};

/** The comment section: header, composer, list or thread, toasts. */
export function CommentSection({ theme = 'system', className }: { theme?: Theme | undefined; className?: string | undefined }) {
  useAutoStart();
  const listId = useId();
  const view = useSection((s) => s.view);
  const total = useSection((s) => s.total);
  const isForum = useSection((s) => s.isForum);
  const initStatus = useSection((s) => s.initStatus);
  const { t, locale, dir } = useLanguage();
  const title = t(isForum ? 'answers' : 'comments');
  return (
    <section className={className ? `gfw-root ${className}` : 'gfw-root'} data-theme={theme} aria-label={title} lang={locale} dir={dir}>
      <header className="gfw-header">
        <h2 className="gfw-title">
          {initStatus === 'ready' ? t(isForum ? 'answerCount' : 'commentCount', { count: abbreviate(total, locale), n: total }) : title}
        </h2>
        <EmailButton />
        {view.mode === 'list' && <SortTabs listId={listId} />}
      </header>
      <SectionTools />
      <Composer composerKey={MAIN_COMPOSER} />
      {view.mode === 'thread' ? <ThreadView commentId={view.commentId} /> : <CommentList listId={listId} />}
      <ToastRegion />
    </section>
  );
}

/**
 * A section whose stores nobody started (a host composing WidgetProvider and CommentSection) loads its data itself.
 * Decided after the commit's effects: a parent's effect (the iframe's, a story's) runs after its children's and
 * may start the stores itself.
 */
function useAutoStart() {
  const stores = useWidget();
  useEffect(() => {
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled && isUnstarted(stores)) void startWidget(stores);
    });
    return () => {
      cancelled = true;
    };
  }, [stores]);
}

/** Loads the viewer and the first list once mounted, and again when the viewer changes. */
function useStartup(auth: string | null | undefined) {
  const stores = useWidget();
  const latestAuth = useRef(auth);
  latestAuth.current = auth;
  useEffect(() => {
    // A host that hands in its own client and no auth keeps the client's login as it is.
    if (auth !== undefined) stores.client.setAuth(auth);
    // A visitor keeps the server's first page (initialPage) while it is fresh; a signed-in viewer reads it afresh.
    const keepSeeded = seeded.has(stores.section) && !auth;
    if (auth) seeded.delete(stores.section);
    // A refused token signs the viewer out only while it is still the host's (not once the host sent a fresh one).
    void startWidget(stores, () => latestAuth.current === auth, !keepSeeded);
  }, [stores.client, stores.user, stores.section, auth]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** Sections started from an initialPage that no signed-in viewer has read yet. */
const seeded = new WeakSet<object>();

function Startup({ auth }: { auth: string | null | undefined }) {
  useStartup(auth);
  return null;
}

const viewThread = (view: SectionView): string | null => (view.mode === 'thread' ? view.commentId : null);

/** Keeps the thread view and the host's threadId in step, both ways, without echoing a change back. */
/** Reports the section total to the host once the first list is in, and on every change after. */
function TotalSync({ onTotalChange }: Pick<CommentsProps, 'onTotalChange'>) {
  const { section } = useWidget();
  const report = useRef(onTotalChange);
  useEffect(() => {
    report.current = onTotalChange;
  }, [onTotalChange]);
  useEffect(
    () =>
      section.subscribe((state, previous) => {
        if (state.initStatus !== 'ready') return;
        if (previous.initStatus !== 'ready' || state.total !== previous.total) report.current?.(state.total);
      }),
    [section],
  );
  return null;
}

function ThreadSync({ threadId, onThreadChange }: Pick<CommentsProps, 'threadId' | 'onThreadChange'>) {
  const { section } = useWidget();
  const report = useRef(onThreadChange);
  useEffect(() => {
    report.current = onThreadChange;
  }, [onThreadChange]);
  useEffect(
    () =>
      section.subscribe((state, previous) => {
        const id = viewThread(state.view);
        if (id !== viewThread(previous.view)) report.current?.(id);
      }),
    [section],
  );
  useEffect(() => {
    if (threadId === undefined || threadId === viewThread(section.getState().view)) return;
    if (threadId) {
      // The host followed a permalink (#cs_comment_id=): bring that comment into view once it is shown.
      section.getState().setHighlight(threadId);
      section.getState().openThread(threadId).catch(() => undefined);
    }
    else section.getState().closeThread();
  }, [section, threadId]);
  return null;
}

/**
 * The embeddable comment system. One set of stores per instance; changing appId, url, host or locale starts a new one.
 */
export function Comments(props: CommentsProps) {
  const { appId, url, host, auth, client: given, locale } = props;
  const [stores, setStores] = useState<WidgetStores>(() => make(props));
  const [made, setMade] = useState({ appId, url, host, given, locale });
  if (made.appId !== appId || made.url !== url || made.host !== host || made.given !== given || made.locale !== locale) {
    setMade({ appId, url, host, given, locale });
    setStores(make(props));
  }
  // What the host may change on a running widget without starting it again: the viewer's offensive and
  // blocked-for-comments flags (comments.md §5), and the OP token with canAnonymous, which the site asks for once the
  // post is shown (so the OP's Pin, Hide and anonymous comments come when it answers), read on every render.
  const { showOffensive, postBlocked, opToken, canAnonymous } = props;
  const live = useMemo(() => {
    const o = stores.options;
    if (o.showOffensive === showOffensive && o.postBlocked === postBlocked && o.opToken === opToken && o.canAnonymous === canAnonymous) return stores;
    // The instance's options are replaced, not only copied: its composer reads the OP token from them when it posts.
    stores.options = { ...o, showOffensive, postBlocked, opToken, canAnonymous };
    return { ...stores };
  }, [stores, showOffensive, postBlocked, opToken, canAnonymous]);
  return (
    <WidgetProvider stores={live}>
      <Startup auth={auth} />
      <ThreadSync threadId={props.threadId} onThreadChange={props.onThreadChange} />
      <TotalSync onTotalChange={props.onTotalChange} />
      <CommentSection theme={props.theme} className={props.className} />
      {props.children}
    </WidgetProvider>
  );
}

function make(props: CommentsProps): WidgetStores {
  const client = props.client ?? createCommentsClient({
    appId: props.appId,
    auth: props.auth ?? null,
    ...(props.host ? { host: props.host } : {}),
  });
  const stores = createWidgetStores(client, {
    url: props.url,
    sort: props.sort ?? 'hot',
    isForum: props.isForum ?? false,
    threadId: props.threadId,
    followApi: props.followApi,
    blockApi: props.blockApi,
    opToken: props.opToken,
    canAnonymous: props.canAnonymous,
    showOffensive: props.showOffensive,
    postBlocked: props.postBlocked,
    settings: props.settings,
    onRequireLogin: props.onRequireLogin,
    onNavigate: props.onNavigate,
    onHideOpComments: props.onHideOpComments,
    newCommentsPollMs: props.newCommentsPollMs,
    lockScroll: props.lockScroll,
    onAuthError: props.onAuthError,
    locale: props.locale,
    messages: props.messages,
  });
  if (props.initialPage) {
    seedFirstPage(stores, props.initialPage);
    seeded.add(stores.section);
  }
  return stores;
}

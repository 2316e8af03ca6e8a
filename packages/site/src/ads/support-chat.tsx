import { useEffect } from 'react';
import { createStore, useStore } from 'zustand';
import { showToast } from '../ui/toasts/toast-store';
import styles from './ads.module.css';

/**
 * The support chat launcher (shell-and-account.md §2 user menu "support with unread badge", §9 "A support chat script
 * ... load lazily. Script loading retries 5 times at 1 s then gives up"). It is not an ad: its script comes from the
 * site config (SUPPORT_CHAT_URL), whatever the ad rules say, and without one the Support entry is not shown.
 *
 * The script's side of the contract: it opens its window on the `guffaw:support-open` window event and reports its
 * unread count with `guffaw:support-unread` ({ detail: { unread: number } }).
 */
export const CHAT_RETRIES = 5;
export const CHAT_RETRY_MS = 1000;
export const CHAT_OPEN_EVENT = 'guffaw:support-open';
export const CHAT_UNREAD_EVENT = 'guffaw:support-unread';
/** §4 "Session": support state persists 604800 s (7 days). */
export const SUPPORT_STATE_KEY = 'guffaw.support';
export const SUPPORT_STATE_TTL_MS = 604_800_000;
export const CHAT_FAILED = 'The support chat could not be loaded. Please try again later.';

export function loadScript(src: string, doc: Document = document): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`could not load ${src}`));
    };
    doc.head.appendChild(script);
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function loadWithRetries(load: () => Promise<void>, wait: (ms: number) => Promise<void> = sleep): Promise<boolean> {
  for (let attempt = 0; attempt <= CHAT_RETRIES; attempt++) {
    try {
      await load();
      return true;
    } catch {
      if (attempt < CHAT_RETRIES) await wait(CHAT_RETRY_MS);
    }
  }
  return false;
}

export type SupportChatState = { status: 'idle' | 'loading' | 'ready' | 'failed'; unread: number };
export type SupportChatActions = {
  /** Loads the script once (with the retries); `open` also opens the chat once it is there. */
  load(url: string, options?: { open?: boolean }): Promise<boolean>;
  setUnread(unread: number): void;
};
export type SupportChatDeps = { load: (url: string) => Promise<void>; wait: (ms: number) => Promise<void>; storage: () => Storage | null; now: () => number };

type Persisted = { unread: number; at: number };

const defaultDeps: SupportChatDeps = {
  load: (url) => loadScript(url),
  wait: sleep,
  storage: () => {
    try {
      return typeof localStorage === 'undefined' ? null : localStorage;
    } catch {
      return null;
    }
  },
  now: () => Date.now(),
};

function readPersisted(deps: SupportChatDeps): Persisted | null {
  try {
    const value = JSON.parse(deps.storage()?.getItem(SUPPORT_STATE_KEY) ?? 'null') as Partial<Persisted> | null;
    if (typeof value?.unread !== 'number' || typeof value.at !== 'number' || deps.now() - value.at > SUPPORT_STATE_TTL_MS) return null;
    return { unread: value.unread, at: value.at };
  } catch {
    return null;
  }
}

export const createSupportChatStore = (deps: SupportChatDeps = defaultDeps) =>
  createStore<SupportChatState & SupportChatActions>()((set, get) => {
    let loading: Promise<boolean> | null = null;
    const openChat = () => window.dispatchEvent(new CustomEvent(CHAT_OPEN_EVENT));
    return {
      status: 'idle',
      unread: readPersisted(deps)?.unread ?? 0,
      async load(url, options = {}) {
        if (get().status === 'ready') {
          if (options.open) openChat();
          return true;
        }
        if (!loading) {
          const onUnread = (e: Event) => {
            const n = Number((e as CustomEvent<{ unread?: unknown }>).detail?.unread);
            if (Number.isFinite(n)) get().setUnread(n);
          };
          window.addEventListener(CHAT_UNREAD_EVENT, onUnread);
          set({ status: 'loading' });
          loading = loadWithRetries(() => deps.load(url), deps.wait).then((ok) => {
            loading = null;
            if (!ok) window.removeEventListener(CHAT_UNREAD_EVENT, onUnread);
            set({ status: ok ? 'ready' : 'failed' });
            return ok;
          });
        }
        const ok = await loading;
        if (ok && options.open) openChat();
        if (!ok && options.open) showToast(CHAT_FAILED, 'error');
        return ok;
      },
      setUnread(unread) {
        const n = Math.max(0, Math.floor(unread));
        set({ unread: n });
        try {
          deps.storage()?.setItem(SUPPORT_STATE_KEY, JSON.stringify({ unread: n, at: deps.now() } satisfies Persisted));
        } catch {
          // Storage full or disabled: the badge lasts for this page.
        }
      },
    };
  });

export const supportChatStore = createSupportChatStore();

export function useSupportChat<T>(selector: (s: SupportChatState & SupportChatActions) => T): T {
  return useStore(supportChatStore, selector);
}

/** Whether a recent conversation (support state younger than 7 days) should bring the script back for its badge. */
export const hasRecentSupportState = (deps: SupportChatDeps = defaultDeps) => readPersisted(deps) !== null;

/**
 * The user menu's Support entry: opens the chat, loading its script on the first click. A member with a recent
 * conversation gets the script loaded in the background, so the unread badge follows new replies.
 */
export function SupportChatItem({ url, className, onDone }: { url: string; className?: string | undefined; onDone: () => void }) {
  const unread = useSupportChat((s) => s.unread);
  const loading = useSupportChat((s) => s.status === 'loading');
  useEffect(() => {
    if (hasRecentSupportState()) void supportChatStore.getState().load(url);
  }, [url]);
  return (
    <button
      type="button"
      className={className}
      aria-busy={loading || undefined}
      aria-label={unread > 0 ? `Support, ${unread} unread` : 'Support'}
      onClick={() => {
        onDone();
        void supportChatStore.getState().load(url, { open: true });
      }}
    >
      Support
      {unread > 0 && (
        <span className={styles.chatBadge} aria-hidden="true" data-testid="support-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}

import { useEffect, useState } from 'react';
import { useAds } from './ads-store';
import styles from './ads.module.css';

/** shell-and-account.md §4: the support chat script loads lazily, retried 5 times at 1 s, then given up. */
export const CHAT_RETRIES = 5;
export const CHAT_RETRY_MS = 1000;
/** The chat script reports its unread count with this window event ({ detail: { unread: number } }). */
export const CHAT_UNREAD_EVENT = 'guffaw:support-unread';

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

export async function loadWithRetries(load: () => Promise<void>, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<boolean> {
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

/** The user menu's Support entry badge; the launcher script is only fetched when a chat is configured. */
export function SupportChatBadge() {
  const url = useAds((s) => s.setup?.supportChatUrl ?? null);
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!url) return;
    let live = true;
    const onUnread = (e: Event) => {
      const n = Number((e as CustomEvent<{ unread?: unknown }>).detail?.unread);
      if (live && Number.isFinite(n)) setUnread(Math.max(0, Math.floor(n)));
    };
    window.addEventListener(CHAT_UNREAD_EVENT, onUnread);
    void loadWithRetries(() => loadScript(url));
    return () => {
      live = false;
      window.removeEventListener(CHAT_UNREAD_EVENT, onUnread);
    };
  }, [url]);
  if (!url || unread === 0) return null;
  return (
    <span className={styles.chatBadge} aria-label={`${unread} unread support messages`} data-testid="support-badge">
      {unread > 99 ? '99+' : unread}
    </span>
  );
}

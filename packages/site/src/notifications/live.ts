import { unreadStore } from '../ui/unread-store';
import { selectIsLoggedIn, userStore } from '../user/user-store';
import { fetchReadState } from './notifications-api';
import type { PushClient, PushClientOptions, PushEvent, ReadState } from './push-client';

/**
 * The signed-in user's live notification state (shell-and-account.md §4 "Push"): the push client runs while someone
 * is logged in; every read state it fetches and every event it receives sets the shell's unread count (badge, title).
 * Open lists subscribe to `onNotificationPushed` to fetch what just arrived without a reload.
 */
type Listener = (event: PushEvent) => void;
const listeners = new Set<Listener>();

/** The last read marker the server reported (seconds), for the NEW and EARLIER groups. */
let lastReadTimestamp = 0;
export const knownReadMarker = (): number => lastReadTimestamp;

export function applyReadState(state: ReadState): void {
  lastReadTimestamp = state.lastReadTimestamp;
  unreadStore.getState().setUnreadCount(state.unreadCount);
}

export function onNotificationPushed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function handleEvent(event: PushEvent): void {
  unreadStore.getState().setUnreadCount(event.unreadCount);
  if (event.type === 'notification') for (const listener of [...listeners]) listener(event);
}

export type NotificationSyncOptions = Pick<PushClientOptions, 'createSocket' | 'pushHost'> & { store?: typeof userStore };

/**
 * Starts and stops the push client as the user logs in and out; returns the cleanup. The client's code is fetched
 * when a member is first seen (visitors never load it, and it stays off the home route's first bytes).
 */
export function startNotificationSync(options: NotificationSyncOptions = {}): () => void {
  const store = options.store ?? userStore;
  let client: PushClient | null = null;
  let pending = false;
  let stopped = false;
  const startClient = async () => {
    pending = true;
    // A failed chunk load (a deploy replaced it, the network dropped) is tried again at the next user change.
    const loaded = await import('./push-client').catch((error: unknown) => {
      console.warn('push client could not be loaded', error);
      return null;
    });
    pending = false;
    if (!loaded) return;
    const { createPushClient } = loaded;
    if (stopped || client || !selectIsLoggedIn(store.getState())) return;
    const info = store.getState().info;
    client = createPushClient({
      ...(options.pushHost ? { pushHost: options.pushHost } : {}),
      ...(options.createSocket ? { createSocket: options.createSocket } : {}),
      readStateParams: info.user?.notiOptions?.readStateParams ?? '',
      fetchReadState,
      onReadState: applyReadState,
      onEvent: handleEvent,
    });
    client.start();
  };
  const sync = () => {
    const member = selectIsLoggedIn(store.getState());
    if (member && !client && !pending) void startClient();
    else if (!member && client) {
      client.stop();
      client = null;
      lastReadTimestamp = 0;
      unreadStore.getState().setUnreadCount(0);
    }
  };
  sync();
  const unsubscribe = store.subscribe(sync);
  return () => {
    stopped = true;
    unsubscribe();
    client?.stop();
    client = null;
  };
}

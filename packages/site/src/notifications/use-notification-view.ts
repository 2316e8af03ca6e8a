import { useEffect, useMemo, useState } from 'react';
import { applyReadState, knownReadMarker, onNotificationPushed } from './live';
import { clearReadState, fetchReadState, type NotificationTab } from './notifications-api';
import { createNotificationListStore, type NotificationListStoreApi } from './notification-list-store';

const ignore = (error: unknown) => console.warn('notifications: read state failed', error);

/**
 * What opening a notification view does (shell-and-account.md §4 "Notification menu"): the read marker as it was is
 * kept for the NEW group, then the unread count is cleared on the server (the marker moves to now); the first page
 * loads; a pushed notification fetches the head of the list again, so it shows without a reload. `resetOnLeave`: the
 * full page resets the marker once more when left.
 */
export function useNotificationView(tab: NotificationTab, options: { resetOnLeave?: boolean } = {}): { store: NotificationListStoreApi; readMarker: number } {
  const store = useMemo(() => createNotificationListStore(tab), [tab]);
  const [readMarker, setReadMarker] = useState(knownReadMarker);
  const resetOnLeave = options.resetOnLeave ?? false;

  useEffect(() => {
    let live = true;
    fetchReadState()
      .then((before) => {
        if (live) setReadMarker(before.lastReadTimestamp);
        return clearReadState();
      })
      .then(applyReadState)
      .catch(ignore);
    return () => {
      live = false;
      if (resetOnLeave) clearReadState().then(applyReadState).catch(ignore);
    };
  }, [resetOnLeave]);

  useEffect(() => {
    void store.getState().loadFirst();
    return onNotificationPushed(() => void store.getState().refreshHead());
  }, [store]);

  return { store, readMarker };
}

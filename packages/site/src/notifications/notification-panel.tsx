import type { NotificationPanelProps } from '../ui/notification-panel-slot';
import { NotificationList } from './notification-list';
import { useNotificationView } from './use-notification-view';
import styles from './notifications.module.css';

/** The list inside the bell's dropdown (the shell draws its tabs and the "See all" link). */
export function NotificationPanel({ tab, onDone }: NotificationPanelProps) {
  const { store, readMarker } = useNotificationView(tab);
  return (
    <div className={styles.panel} data-testid="notification-panel">
      <NotificationList store={store} readMarker={readMarker} onOpened={onDone} />
    </div>
  );
}

import { Link, useSearchParam } from '../router';
import { usePageTitle } from '../shell/page-title';
import { NotificationList } from './notification-list';
import type { NotificationTab } from './notifications-api';
import { useNotificationView } from './use-notification-view';
import styles from './notifications.module.css';

/** /notifications (shell-and-account.md §2): the full list with tabs All and Mentions (?tab=mentions). */
export function NotificationsPage() {
  usePageTitle('notifications');
  const tab: NotificationTab = useSearchParam('tab') === 'mentions' ? 'mentions' : 'all';
  const { store, readMarker } = useNotificationView(tab, { resetOnLeave: true });
  return (
    <section className={styles.page} aria-labelledby="notifications-title">
      <h1 id="notifications-title" className={styles.pageTitle}>
        Notifications
      </h1>
      <nav className={styles.tabs} aria-label="Notification tabs">
        <Link href="/notifications" className={styles.tab} aria-current={tab === 'all' ? 'page' : undefined} replace>
          All
        </Link>
        <Link href="/notifications?tab=mentions" className={styles.tab} aria-current={tab === 'mentions' ? 'page' : undefined} replace>
          Mentions
        </Link>
      </nav>
      <NotificationList key={tab} store={store} readMarker={readMarker} />
    </section>
  );
}

export default NotificationsPage;

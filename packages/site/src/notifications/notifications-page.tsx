import { Link, useSearchParam } from '../router';
import { requireMember } from '../ui/modals/gate';
import { usePageTitle } from '../ui/page-title';
import { selectIsLoggedIn, useUser } from '../user/user-store';
import { NotificationList } from './notification-list';
import type { NotificationTab } from './notifications-api';
import { useNotificationView } from './use-notification-view';
import styles from './notifications.module.css';

export const GUEST_NOTIFICATIONS_TEXT = 'Log in or sign up to see your notifications.';

/**
 * /notifications (shell-and-account.md §2): the full list with tabs All and Mentions (?tab=mentions). Notifications
 * are for members (§6): a guest gets a log-in prompt, and no notification call is made for them.
 */
export function NotificationsPage() {
  usePageTitle('notifications');
  const loggedIn = useUser(selectIsLoggedIn);
  if (!loggedIn) {
    return (
      <section className={styles.page} aria-labelledby="notifications-title">
        <h1 id="notifications-title" className={styles.pageTitle}>
          Notifications
        </h1>
        <p>{GUEST_NOTIFICATIONS_TEXT}</p>
        <button type="button" className={styles.loginButton} onClick={() => requireMember('notifications', '/notifications')}>
          Log in
        </button>
      </section>
    );
  }
  return <MemberNotifications />;
}

function MemberNotifications() {
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

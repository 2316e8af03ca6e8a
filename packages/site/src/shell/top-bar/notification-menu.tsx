import { Suspense, useState } from 'react';
import { Link } from '../../router';
import { notificationPanel, type NotificationTab } from '../../ui/notification-panel-slot';
import styles from './top-bar.module.css';

/** The bell dropdown: tabs All and Mentions, reset to All each time it opens (§4 "Notification menu"). */
export function NotificationMenu({ onDone }: { onDone: () => void }) {
  const [tab, setTab] = useState<NotificationTab>('all');
  const Panel = notificationPanel();
  return (
    <div>
      <div className={styles.tabs} role="tablist" aria-label="Notifications">
        {(['all', 'mentions'] as const).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} className={styles.tab} onClick={() => setTab(t)}>
            {t === 'all' ? 'All' : 'Mentions'}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        <Suspense fallback={null}>{Panel ? <Panel tab={tab} onDone={onDone} /> : null}</Suspense>
      </div>
      <Link className={styles.menuItem} href={tab === 'mentions' ? '/notifications?tab=mentions' : '/notifications'} onClick={onDone}>
        See all notifications
      </Link>
    </div>
  );
}

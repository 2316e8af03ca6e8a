import { Suspense, useState, type ComponentType } from 'react';
import { Link } from '../../router';
import styles from './top-bar.module.css';

export type NotificationTab = 'all' | 'mentions';
export type NotificationPanelProps = { tab: NotificationTab; onDone: () => void };

/** The notifications feature registers the list drawn inside the bell's dropdown. */
let Panel: ComponentType<NotificationPanelProps> | null = null;
export function registerNotificationPanel(component: ComponentType<NotificationPanelProps>): void {
  Panel = component;
}

/** The bell dropdown: tabs All and Mentions, reset to All each time it opens (§4 "Notification menu"). */
export function NotificationMenu({ onDone }: { onDone: () => void }) {
  const [tab, setTab] = useState<NotificationTab>('all');
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

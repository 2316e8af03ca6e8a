import type { EmailNotificationsReply as EmailNotificationSettings } from '@guffaw/api';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { loadEmailNotifications, saveEmailNotifications } from '../../lib/endpoints/account';
import { showToast } from '../../ui/toasts';
import styles from '../account.module.css';

export type { EmailMode } from '../../lib/endpoints/account';
import type { EmailMode } from '../../lib/endpoints/account';
/** The server's reply (@guffaw/api accounts.ts). */
export type { EmailNotificationsReply as EmailNotificationSettings } from '@guffaw/api';

/** The server's email notification calls (modules/email): the signed-in member's choice. */
export { loadEmailNotifications, saveEmailNotifications };

export const EMAIL_MODE_OPTIONS: ReadonlyArray<{ value: EmailMode; label: string; hint: string }> = [
  { value: 'immediately', label: 'Immediately', hint: 'One email a few minutes after a reply or mention (a busy thread makes one email).' },
  { value: 'digest', label: 'Daily digest', hint: 'One email a day with the replies and mentions of the day.' },
  { value: 'never', label: 'Never', hint: 'No emails.' },
];

const SAVED = 'Your settings have been saved.';

/** Settings › Email: how often replies to the member's comments and mentions of them are mailed. */
export function EmailNotificationsPanel() {
  const [settings, setSettings] = useState<EmailNotificationSettings | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    loadEmailNotifications()
      .then((s) => !controller.signal.aborted && setSettings(s))
      .catch((e: unknown) => !controller.signal.aborted && setError(errorMessage(e)));
    return () => controller.abort();
  }, []);

  const choose = async (mode: EmailMode) => {
    if (busy || !settings || mode === settings.mode) return;
    const before = settings;
    setSettings({ ...settings, mode });
    setBusy(true);
    setError(null);
    try {
      setSettings(await saveEmailNotifications(mode));
      showToast(SAVED);
    } catch (e) {
      setSettings(before);
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.panel} role="radiogroup" aria-labelledby="email-notifications-title" aria-describedby="email-notifications-info">
      <h2 id="email-notifications-title">Email notifications</h2>
      <p id="email-notifications-info" className={styles.info}>
        Replies to your comments and mentions of you, mailed to your address.
        {settings && !settings.emailVerified && ' Verify your email to get them.'}
      </p>
      {EMAIL_MODE_OPTIONS.map((o) => (
        <label key={o.value} className={styles.check}>
          <input
            type="radio"
            name="email-notifications"
            value={o.value}
            checked={settings?.mode === o.value}
            disabled={busy || !settings}
            onChange={() => void choose(o.value)}
          />
          <span>
            {o.label} <span className={styles.info}>· {o.hint}</span>
          </span>
        </label>
      ))}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

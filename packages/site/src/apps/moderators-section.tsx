import { useState, type FormEvent } from 'react';
import type { AppSettings } from '@guffaw/comments-client';
import { errorMessage } from '../lib/api';
import { showToast } from '../ui/toasts';
import { addModerator, removeModerator, type AppDetails, type ConsoleModerator } from './apps-api';
import styles from './apps.module.css';

/**
 * An app console's moderators: the list with a remove button each, and adding one by username (the main app) or by the
 * id the app's own site gives the user (the sub of its tokens).
 */
export function ModeratorsSection({ details, onChange }: { details: AppDetails<AppSettings>; onChange: (d: AppDetails<AppSettings>) => void }) {
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mainApp = details.app.owner === null && details.app.appId === 'guffaw';
  const update = (moderators: ConsoleModerator[]) => onChange({ ...details, moderators });
  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      update((await addModerator(details.app.appId, username)).moderators);
      showToast(`${username.replace(/^@/, '')} is a moderator.`);
      setUsername('');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  async function remove(m: ConsoleModerator) {
    try {
      update((await removeModerator(details.app.appId, m.accountId)).moderators);
      showToast(`${m.username ?? m.name ?? m.accountId} is no longer a moderator.`);
    } catch (e) {
      showToast(errorMessage(e), 'error');
    }
  }
  return (
    <section id="moderators" className={styles.card} aria-labelledby="moderators-title">
      <h2 id="moderators-title" className={styles.heading}>
        Moderators
      </h2>
      {details.moderators.length === 0 ? (
        <p className={styles.muted}>No moderators yet.</p>
      ) : (
        <ul className={styles.rows}>
          {details.moderators.map((m) => (
            <li key={m.accountId} className={styles.row}>
              <span>
                <strong>{m.username ? `@${m.username}` : m.name || m.accountId}</strong>
                {!m.username && m.name && <span className={styles.muted}> · {m.accountId}</span>}
              </span>
              <button type="button" className={styles.secondary} onClick={() => void remove(m)} aria-label={`Remove ${m.username ?? (m.name || m.accountId)}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.inline} onSubmit={add}>
        <label className={styles.field}>
          {mainApp ? 'Username' : 'User id on your site'}
          <input
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
            placeholder={mainApp ? 'username' : 'the sub of their tokens'}
            aria-describedby="moderator-hint"
          />
        </label>
        <button type="submit" className={styles.primary} disabled={busy}>
          Add moderator
        </button>
      </form>
      <p id="moderator-hint" className={styles.hint}>
        {mainApp ? 'A Guffaw username.' : 'Your site’s id of the user (the sub your server signs into their token).'} Moderators review the queue in the
        comments themselves.
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

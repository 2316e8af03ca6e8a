import { useCallback, useEffect, useState } from 'react';
import type { LogEntry } from '@guffaw/comments-client';
import { errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format-date';
import { moderationLog } from './apps-api';
import styles from './apps.module.css';

/** MODERATION.md audit actions in words. */
const ACTIONS: Record<string, string> = {
  approve: 'approved a comment',
  reject: 'rejected a comment',
  delete: 'deleted a comment',
  mask: 'masked a comment as sensitive',
  unmask: 'unmasked a comment',
  hide: 'hid a comment',
  unhide: 'unhid a comment',
  pin: 'pinned a comment',
  unpin: 'unpinned a comment',
  ban: 'banned',
  unban: 'unbanned',
  lock: 'locked a section',
  unlock: 'unlocked a section',
  status: 'changed a section’s status',
  'auto-hide': 'hid a comment after reports',
  hold: 'held a comment for review',
  'app.create': 'registered the app',
  'app.update': 'changed the name or origins',
  'app.rotate-secret': 'rotated the secret',
  'moderator.add': 'added a moderator',
  'moderator.remove': 'removed a moderator',
  'settings.update': 'changed the settings',
};

const ACTOR_KINDS: Record<string, string> = { moderator: 'moderator', op: 'OP', owner: 'owner', admin: 'admin', system: 'automatic', cli: 'command line' };

/** Who did what, when, to which comment: newest first, with more on demand. */
export function AuditLog({ appId }: { appId: string }) {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState('');
  const load = useCallback(
    async (cursor?: string) => {
      setState('loading');
      try {
        const page = await moderationLog(appId, cursor);
        setEntries((list) => (cursor ? [...list, ...page.entries] : page.entries));
        setNext(page.next);
        setState('ready');
      } catch (e) {
        setError(errorMessage(e));
        setState('error');
      }
    },
    [appId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section id="log" className={styles.card} aria-labelledby="log-title">
      <div className={styles.headingRow}>
        <h2 id="log-title" className={styles.heading}>Log</h2>
        <button type="button" className={styles.secondary} onClick={() => void load()} disabled={state === 'loading'}>
          Refresh
        </button>
      </div>
      {entries.length === 0 && state === 'ready' && <p className={styles.muted}>Nothing yet.</p>}
      {entries.length > 0 && (
        <ol className={styles.log}>
          {entries.map((e) => (
            <li key={e.id} className={styles.logEntry}>
              <time dateTime={e.at} className={styles.logTime}>
                {formatDateTime(e.at)}
              </time>
              <span>
                <strong>{e.actor.name || ACTOR_KINDS[e.actor.kind] || e.actor.kind}</strong>
                {e.actor.kind !== 'system' && <span className={styles.muted}> ({ACTOR_KINDS[e.actor.kind] ?? e.actor.kind})</span>} {ACTIONS[e.action] ?? e.action}
                {e.target && <> <strong>{e.target.name || e.target.userId}</strong></>}
                {e.commentId && (
                  <>
                    {' '}
                    {e.url ? (
                      <a href={`${e.url}#cs_comment_id=${e.commentId}`} target="_blank" rel="noreferrer">
                        comment {e.commentId}
                      </a>
                    ) : (
                      <code>comment {e.commentId}</code>
                    )}
                  </>
                )}
                {typeof e.detail.reason === 'string' && e.detail.reason && <span className={styles.muted}> · “{e.detail.reason}”</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
      {state === 'loading' && <p className={styles.muted}>Loading…</p>}
      {state === 'error' && <p className={styles.error} role="alert">{error}</p>}
      {next && state === 'ready' && (
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => void load(next)}>
            Show older
          </button>
        </div>
      )}
    </section>
  );
}

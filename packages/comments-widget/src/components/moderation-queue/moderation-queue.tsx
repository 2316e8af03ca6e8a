import { useEffect, useId, useState } from 'react';
import { useStore } from 'zustand';
import type { BanParams, QueueItem, QueueSort } from '@guffaw/comments-client';
import { banEnd } from '../../lib/ban-notice.js';
import { errorNotice } from '../../lib/error-notice.js';
import { useWidget } from '../../stores/widget-stores.js';
import { ConfirmDialog } from '../dialog/dialog.js';
import { Avatar } from '../user-line/user-line.js';
import { BanDialog, BAN_DURATIONS } from './ban-dialog.js';
import { clientModerationApi, type ModerationApi, type QueueAction } from './moderation-api.js';
import { QueueEntry } from './queue-item.js';
import { createQueueStore, type QueueTab } from './queue-store.js';

export const ACTION_DONE: Record<QueueAction, string> = {
  approve: 'Comment approved',
  reject: 'Comment rejected',
  delete: 'Comment deleted',
  mask: 'Comment masked as sensitive',
};

const TABS: readonly { tab: QueueTab; label: string }[] = [
  { tab: 'reported', label: 'Reported' },
  { tab: 'held', label: 'Held' },
  { tab: 'recent', label: 'Recent' },
  { tab: 'bans', label: 'Banned users' },
];

export type ModerationQueueProps = {
  /** The calls it makes (default: the widget client's, as a moderator of its app). */
  api?: ModerationApi | undefined;
  /** Shown as a Close button when given (the widget's section tools). */
  onClose?: (() => void) | undefined;
  /** The heading's level: 3 inside a comment section, 2 on a page of its own. */
  headingLevel?: 2 | 3;
};

/**
 * The moderators' queue (issue #20): reported, held and recent comments of the app, newest or most reported first,
 * paged by cursor, with Approve, Reject, Delete, Mask as sensitive and Ban author on each; and the banned users with
 * Unban. Every action confirms itself with a toast (or says why it failed).
 */
export function ModerationQueue({ api, onClose, headingLevel = 3 }: ModerationQueueProps) {
  const { client, toasts } = useWidget();
  const [store] = useState(() => createQueueStore(api ?? clientModerationApi(client)));
  const s = useStore(store);
  const [dialog, setDialog] = useState<{ kind: 'delete' | 'ban'; item: QueueItem } | null>(null);
  const titleId = useId();
  const sortId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  useEffect(() => {
    store.getState().reload().catch(() => undefined);
  }, [store]);

  const say = (message: string) => toasts.getState().show(message);
  const failed = (error: unknown) => say(errorNotice(error));
  const act = (action: QueueAction, item: QueueItem) => {
    store.getState().act(action, item).then(() => say(ACTION_DONE[action]), failed);
  };
  const ban = (item: QueueItem, params: BanParams) => {
    setDialog(null);
    const name = item.author.name;
    const label = BAN_DURATIONS.find((d) => d.value === (params.duration ?? 'forever'))?.label.toLowerCase() ?? 'forever';
    store.getState().ban(item.author.userId, params).then(
      () => say(params.duration === 'forever' || !params.duration ? `@${name} is banned for good` : `@${name} is banned for ${label}`),
      failed,
    );
  };
  const unban = (userId: string, name: string) => {
    store.getState().unban(userId).then(() => say(`@${name} is unbanned`), failed);
  };
  const count = (tab: QueueTab) => (tab === 'reported' || tab === 'held') && s.counts ? ` (${s.counts[tab]})` : '';
  const empty = s.status === 'ready' && (s.tab === 'bans' ? s.bans.length === 0 : s.items.length === 0);

  return (
    <section className="gfw-queue" aria-labelledby={titleId}>
      <div className="gfw-queue-bar">
        <Heading id={titleId} className="gfw-title">Moderation queue</Heading>
        {onClose && <button type="button" className="gfw-button" onClick={onClose}>Close</button>}
      </div>
      <div className="gfw-queue-bar">
        <div className="gfw-queue-tabs" role="group" aria-label="Queue views">
          {TABS.map(({ tab, label }) => (
            <button
              key={tab}
              type="button"
              className="gfw-tab"
              aria-pressed={s.tab === tab}
              onClick={() => store.getState().show(tab).catch(() => undefined)}
            >
              {label}{count(tab)}
            </button>
          ))}
        </div>
        {s.tab !== 'bans' && (
          <span className="gfw-choice">
            <label htmlFor={sortId}>Sort</label>
            <select
              id={sortId}
              value={s.sort}
              onChange={(event) => store.getState().setSort(event.target.value as QueueSort).catch(() => undefined)}
            >
              <option value="newest">Newest first</option>
              <option value="reports">Most reported</option>
            </select>
          </span>
        )}
      </div>
      {s.status === 'loading' && <p className="gfw-note">Loading…</p>}
      {s.status === 'error' && (
        <p className="gfw-error" role="alert">
          {s.error || 'The queue could not be loaded.'}{' '}
          <button type="button" className="gfw-text-button" onClick={() => store.getState().reload().catch(() => undefined)}>Try again</button>
        </p>
      )}
      {empty && <p className="gfw-note">{s.tab === 'bans' ? 'No one is banned.' : 'Nothing to review here.'}</p>}
      {s.tab === 'bans' ? (
        s.bans.length > 0 && (
          <ul className="gfw-list">
            {s.bans.map((b) => (
              <li key={b.userId} className="gfw-queue-item">
                <div className="gfw-user-line">
                  <Avatar url={b.avatarUrl} name={b.name} size={24} />
                  <span className="gfw-name">{b.name}</span>
                  <span className="gfw-note">banned {banEnd(b.until)}{b.reason ? `: ${b.reason}` : ''}</span>
                  <button type="button" className="gfw-button" aria-label={`Unban @${b.name}`} disabled={s.busy.includes(b.userId)} onClick={() => unban(b.userId, b.name)}>
                    Unban
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )
      ) : (
        s.items.length > 0 && (
          <ul className="gfw-list">
            {s.items.map((item) => (
              <li key={item.comment.commentId}>
                <QueueEntry
                  item={item}
                  busy={s.busy.includes(item.comment.commentId) || s.busy.includes(item.author.userId)}
                  onAction={(action) => (action === 'delete' ? setDialog({ kind: 'delete', item }) : act(action, item))}
                  onBan={() => setDialog({ kind: 'ban', item })}
                />
              </li>
            ))}
          </ul>
        )
      )}
      {s.next && s.status === 'ready' && (
        <button type="button" className="gfw-button" disabled={s.loadingMore} onClick={() => store.getState().loadMore().catch(failed)}>
          {s.loadingMore ? 'Loading…' : 'Load more'}
        </button>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete comment?"
          message="This cannot be undone."
          confirmLabel="Delete"
          onConfirm={() => act('delete', dialog.item)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'ban' && (
        <BanDialog name={dialog.item.author.name} onSubmit={(params) => ban(dialog.item, params)} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}

import { useEffect, useId, useState } from 'react';
import { useStore } from 'zustand';
import { isCommentsApiError, isCommentsClientError, type BanParams, type QueueItem, type QueueSort } from '@guffaw/comments-client';
import { enModeration } from '../../i18n/en-moderation.js';
import { enParts } from '../../i18n/en-parts.js';
import { addEnglish, type MessageKey } from '../../i18n/translate.js';
import { banDay, withReason } from '../../lib/ban-notice.js';
import { errorNotice } from '../../lib/error-notice.js';
import { useLanguage, useWidget } from '../../stores/widget-stores.js';
import { ConfirmDialog } from '../dialog/dialog.js';
import { Avatar } from '../user-line/user-line.js';
import { BanDialog, bannedNotice } from './ban-dialog.js';
import { clientModerationApi, type ModerationApi, type QueueAction } from './moderation-api.js';
import { QueueEntry } from './queue-item.js';
import { createQueueStore, type QueueTab } from './queue-store.js';

addEnglish(enParts);
addEnglish(enModeration);

/** The toast that confirms an action. */
export const ACTION_DONE: Record<QueueAction, MessageKey> = { approve: 'approved', reject: 'rejected', delete: 'commentDeleted', mask: 'masked' };

const TABS: readonly { tab: QueueTab; label: MessageKey }[] = [
  { tab: 'reported', label: 'tabReported' },
  { tab: 'held', label: 'tabHeld' },
  { tab: 'recent', label: 'tabRecent' },
  { tab: 'bans', label: 'tabBans' },
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
 * Unban. Every action confirms itself with a toast (or says why it failed). All in the widget's language.
 */
export function ModerationQueue({ api, onClose, headingLevel = 3 }: ModerationQueueProps) {
  const { client, toasts } = useWidget();
  const { locale, t } = useLanguage();
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
  const failed = (error: unknown) => say(errorNotice(error, t));
  // Why the queue is not shown: the service's own words, a client's notice, else that it could not be loaded.
  const loadFailure = (error: unknown) =>
    isCommentsApiError(error) && error.serverText ? error.serverText : isCommentsClientError(error) ? errorNotice(error, t) : t('queueFailed');
  const act = (action: QueueAction, item: QueueItem) => {
    store.getState().act(action, item).then(() => say(t(ACTION_DONE[action])), failed);
  };
  const ban = (item: QueueItem, params: BanParams) => {
    setDialog(null);
    store.getState().ban(item.author.userId, params).then(() => say(bannedNotice(t, item.author.name, params.duration)), failed);
  };
  const unban = (userId: string, name: string) => {
    store.getState().unban(userId).then(() => say(t('unbanned', { name })), failed);
  };
  const tabLabel = (tab: QueueTab, label: MessageKey) =>
    (tab === 'reported' || tab === 'held') && s.counts ? t('tabCount', { tab: t(label), count: s.counts[tab] }) : t(label);
  const banned = (until: string | null) => {
    const day = banDay(until, locale);
    return day ? t('bannedUntil', { date: day }) : t('bannedForever');
  };
  const empty = s.status === 'ready' && (s.tab === 'bans' ? s.bans.length === 0 : s.items.length === 0);

  return (
    <section className="gfw-queue" aria-labelledby={titleId}>
      <div className="gfw-queue-bar">
        <Heading id={titleId} className="gfw-title">{t('moderationQueue')}</Heading>
        {onClose && <button type="button" className="gfw-button" onClick={onClose}>{t('close')}</button>}
      </div>
      <div className="gfw-queue-bar">
        <div className="gfw-queue-tabs" role="group" aria-label={t('queueViews')}>
          {TABS.map(({ tab, label }) => (
            <button
              key={tab}
              type="button"
              className="gfw-tab"
              aria-pressed={s.tab === tab}
              onClick={() => store.getState().show(tab).catch(() => undefined)}
            >
              {tabLabel(tab, label)}
            </button>
          ))}
        </div>
        {s.tab !== 'bans' && (
          <span className="gfw-choice">
            <label htmlFor={sortId}>{t('sortQueue')}</label>
            <select
              id={sortId}
              value={s.sort}
              onChange={(event) => store.getState().setSort(event.target.value as QueueSort).catch(() => undefined)}
            >
              <option value="newest">{t('sortNewest')}</option>
              <option value="reports">{t('sortReports')}</option>
            </select>
          </span>
        )}
      </div>
      {s.status === 'loading' && <p className="gfw-note">{t('loading')}</p>}
      {s.status === 'error' && (
        <p className="gfw-error" role="alert">
          {loadFailure(s.error)}{' '}
          <button type="button" className="gfw-text-button" onClick={() => store.getState().reload().catch(() => undefined)}>{t('tryAgain')}</button>
        </p>
      )}
      {empty && <p className="gfw-note">{t(s.tab === 'bans' ? 'noBans' : 'nothingToReview')}</p>}
      {s.tab === 'bans' ? (
        s.bans.length > 0 && (
          <ul className="gfw-list">
            {s.bans.map((b) => (
              <li key={b.userId} className="gfw-queue-item">
                <div className="gfw-user-line">
                  <Avatar url={b.avatarUrl} name={b.name} size={24} />
                  <span className="gfw-name">{b.name}</span>
                  <span className="gfw-note">{withReason(t, banned(b.until), b.reason)}</span>
                  <button type="button" className="gfw-button" aria-label={t('unban', { name: b.name })} disabled={s.busy.includes(b.userId)} onClick={() => unban(b.userId, b.name)}>
                    {t('unbanButton')}
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
          {t(s.loadingMore ? 'loading' : 'loadMore')}
        </button>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('deleteComment')}
          message={t('cannotUndo')}
          confirmLabel={t('delete')}
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

import type { QueueItem } from '@guffaw/comments-client';
import type { I18nState } from '../../i18n/translate.js';
import { fullDate, timeAgo } from '../../lib/time-ago.js';
import { useLanguage } from '../../stores/widget-stores.js';
import { CommentBody } from '../comment-body/index.js';
import { REPORT_REASONS } from '../report-dialog/reasons.js';
import { Avatar } from '../user-line/user-line.js';
import type { QueueAction } from './moderation-api.js';

const reasonLabel = ({ t }: I18nState, reason: string) => {
  const known = REPORT_REASONS.find((r) => String(r.value) === reason);
  return known ? t(`reason${known.value as 1 | 2 | 3 | 4 | 5 | 6 | 7}`) : t('reasonOther');
};

/** "3 reports: Spam 2, Hate speech 1" in the reader's language (the reasons listed as Intl.ListFormat lists units). */
export function reportSummary(reports: QueueItem['reports'], language: I18nState): string {
  const { locale, t } = language;
  const count = t('reportCount', { count: reports.count });
  const reasons = Object.entries(reports.reasons).filter(([, n]) => n > 0).map(([reason, n]) => t('reasonCount', { reason: reasonLabel(language, reason), count: n }));
  return reasons.length > 0 ? t('withDetail', { text: count, detail: new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(reasons) }) : count;
}

/** "on <a>page</a>": the translation's words around the link, wherever the language puts it. */
function OnPage({ url, text }: { url: string; text: string }) {
  const [before = '', after = ''] = text.split('\u0000');
  return (
    <p className="gfw-note gfw-queue-page">
      {before}<a href={url} target="_blank" rel="noopener noreferrer">{url}</a>{after}
    </p>
  );
}

/** One comment of the queue: author, page, text, reports, and the moderator's buttons. */
export function QueueEntry({ item, busy, onAction, onBan }: {
  item: QueueItem;
  busy: boolean;
  onAction: (action: QueueAction) => void;
  onBan: () => void;
}) {
  const language = useLanguage();
  const { t } = language;
  const { comment, author, reports } = item;
  const name = author.name || comment.user.displayName;
  return (
    <article className="gfw-queue-item" aria-label={t('commentBy', { name })}>
      <div className="gfw-user-line">
        <Avatar url={author.avatarUrl} name={name} size={24} />
        <span className="gfw-name">{name}</span>
        {author.banned && <span className="gfw-flag">{t('banned')}</span>}
        <time className="gfw-time" dateTime={new Date(comment.timestamp * 1000).toISOString()} title={fullDate(comment.timestamp)}>
          {timeAgo(comment.timestamp, Date.now(), language)}
        </time>
      </div>
      <OnPage url={item.url} text={t('onPage', { page: '\u0000' })} />
      {(comment.isHeld || comment.isHidden || comment.isSensitive || comment.isDeleted) && (
        <p className="gfw-flags">
          {comment.isHeld && <span className="gfw-flag">{t('awaitingApproval')}</span>}
          {comment.isHidden && <span className="gfw-flag">{t('hidden')}</span>}
          {comment.isSensitive && <span className="gfw-flag">{t('sensitive')}</span>}
        </p>
      )}
      <CommentBody comment={comment} mask={null} />
      {reports.count > 0 && (
        <div className="gfw-note">
          <p>{reportSummary(reports, language)}</p>
          {reports.latest.filter((r) => r.text).map((r) => <p key={r.at + r.text}>“{r.text}”</p>)}
        </div>
      )}
      {!comment.isDeleted && (
        <div className="gfw-queue-actions" role="group" aria-label={t('moderateComment', { name })}>
          <button type="button" className="gfw-button gfw-primary" disabled={busy} onClick={() => onAction('approve')}>{t('approve')}</button>
          <button type="button" className="gfw-button" disabled={busy} onClick={() => onAction('reject')}>{t('reject')}</button>
          <button type="button" className="gfw-button gfw-danger" disabled={busy} onClick={() => onAction('delete')}>{t('delete')}</button>
          {!comment.isSensitive && <button type="button" className="gfw-button" disabled={busy} onClick={() => onAction('mask')}>{t('maskSensitive')}</button>}
          {!author.banned && <button type="button" className="gfw-button gfw-danger" disabled={busy} onClick={onBan}>{t('banAuthor')}</button>}
        </div>
      )}
    </article>
  );
}

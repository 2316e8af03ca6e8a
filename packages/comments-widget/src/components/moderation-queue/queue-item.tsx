import type { QueueItem } from '@guffaw/comments-client';
import { fullDate, timeAgo } from '../../lib/time-ago.js';
import { CommentBody } from '../comment-body/index.js';
import { REPORT_REASONS } from '../report-dialog/reasons.js';
import { Avatar } from '../user-line/user-line.js';
import type { QueueAction } from './moderation-api.js';

const reasonLabel = (reason: string | number) => REPORT_REASONS.find((r) => String(r.value) === String(reason))?.label ?? 'Other';

/** "3 reports: Spam 2, Hate speech 1". */
export function reportSummary(reports: QueueItem['reports']): string {
  const noun = reports.count === 1 ? 'report' : 'reports';
  const reasons = Object.entries(reports.reasons).filter(([, n]) => n > 0).map(([reason, n]) => `${reasonLabel(reason)} ${n}`);
  return reasons.length > 0 ? `${reports.count} ${noun}: ${reasons.join(', ')}` : `${reports.count} ${noun}`;
}

/** One comment of the queue: author, page, text, reports, and the moderator's buttons. */
export function QueueEntry({ item, busy, onAction, onBan }: {
  item: QueueItem;
  busy: boolean;
  onAction: (action: QueueAction) => void;
  onBan: () => void;
}) {
  const { comment, author, reports } = item;
  const name = author.name || comment.user.displayName;
  return (
    <article className="gfw-queue-item" aria-label={`Comment by ${name}`}>
      <div className="gfw-user-line">
        <Avatar url={author.avatarUrl} name={name} size={24} />
        <span className="gfw-name">{name}</span>
        {author.banned && <span className="gfw-flag">Banned</span>}
        <time className="gfw-time" dateTime={new Date(comment.timestamp * 1000).toISOString()} title={fullDate(comment.timestamp)}>
          {timeAgo(comment.timestamp)}
        </time>
      </div>
      <p className="gfw-note gfw-queue-page">
        on <a href={item.url} target="_blank" rel="noopener noreferrer">{item.url}</a>
      </p>
      {(comment.isHeld || comment.isHidden || comment.isSensitive || comment.isDeleted) && (
        <p className="gfw-flags">
          {comment.isHeld && <span className="gfw-flag">Awaiting approval</span>}
          {comment.isHidden && <span className="gfw-flag">Hidden</span>}
          {comment.isSensitive && <span className="gfw-flag">Sensitive</span>}
        </p>
      )}
      <CommentBody comment={comment} mask={null} />
      {reports.count > 0 && (
        <div className="gfw-note">
          <p>{reportSummary(reports)}</p>
          {reports.latest.filter((r) => r.text).map((r) => <p key={r.at + r.text}>“{r.text}”</p>)}
        </div>
      )}
      {!comment.isDeleted && (
        <div className="gfw-queue-actions" role="group" aria-label={`Moderate the comment by ${name}`}>
          <button type="button" className="gfw-button gfw-primary" disabled={busy} onClick={() => onAction('approve')}>Approve</button>
          <button type="button" className="gfw-button" disabled={busy} onClick={() => onAction('reject')}>Reject</button>
          <button type="button" className="gfw-button gfw-danger" disabled={busy} onClick={() => onAction('delete')}>Delete</button>
          {!comment.isSensitive && <button type="button" className="gfw-button" disabled={busy} onClick={() => onAction('mask')}>Mask as sensitive</button>}
          {!author.banned && <button type="button" className="gfw-button gfw-danger" disabled={busy} onClick={onBan}>Ban author</button>}
        </div>
      )}
    </article>
  );
}

import { useId, useRef, useState } from 'react';
import { errorNotice } from '../../lib/error-notice.js';
import { selectIsModerator } from '../../stores/user-store.js';
import { useCommentUser, useSection, useT, useWidget } from '../../stores/widget-stores.js';
import { ModerationQueue } from '../moderation-queue/lazy.js';
import { SECTION_STATUSES } from './statuses.js';
import { addEnglish } from '../../i18n/translate.js';
import { enParts } from '../../i18n/en-parts.js';

addEnglish(enParts);

const STATUS_KEY = { open: 'statusOpen', closed: 'statusClosed', archived: 'statusArchived' } as const;

/** Moderator tools for the whole section: lock or unlock it, set its status, open the app's moderation queue. */
export function SectionTools() {
  const { section, toasts } = useWidget();
  const moderator = useCommentUser(selectIsModerator);
  const t = useT();
  const lock = useSection((s) => s.lock);
  const status = useSection((s) => s.status);
  const [busy, setBusy] = useState(false);
  const [queueOpen, setQueueOpen] = useState(false);
  const queueButton = useRef<HTMLButtonElement>(null);
  const queueId = useId();
  const statusId = useId();
  if (!moderator) return null;

  const update = (change: { lock?: boolean; status?: string }) => {
    setBusy(true);
    section.getState().update(change)
      .catch((error: unknown) => toasts.getState().show(errorNotice(error, t)))
      .finally(() => setBusy(false));
  };
  const statuses: readonly string[] = SECTION_STATUSES.includes(status as never) ? SECTION_STATUSES : [status, ...SECTION_STATUSES];

  const closeQueue = () => {
    setQueueOpen(false);
    queueButton.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <div className="gfw-section-tools" role="group" aria-label={t('moderatorTools')}>
        <button
          ref={queueButton}
          type="button"
          className="gfw-button"
          aria-expanded={queueOpen}
          aria-controls={queueOpen ? queueId : undefined}
          onClick={() => setQueueOpen((o) => !o)}
        >
          {t('moderationQueue')}
        </button>
        <button type="button" className="gfw-button" aria-pressed={lock} disabled={busy} onClick={() => update({ lock: !lock })}>
          {t(lock ? 'unlockComments' : 'lockComments')}
        </button>
        <label htmlFor={statusId}>{t('sectionStatus')}</label>
        <select id={statusId} value={status} disabled={busy} onChange={(event) => update({ status: event.target.value })}>
          {statuses.map((s) => <option key={s} value={s}>{s in STATUS_KEY ? t(STATUS_KEY[s as keyof typeof STATUS_KEY]) : s}</option>)}
        </select>
      </div>
      {queueOpen && (
        <div id={queueId}>
          <ModerationQueue onClose={closeQueue} />
        </div>
      )}
    </>
  );
}

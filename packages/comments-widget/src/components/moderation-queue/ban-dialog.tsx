import { useId, useState } from 'react';
import type { BanDuration, BanParams } from '@guffaw/comments-client';
import type { Translate } from '../../i18n/translate.js';
import { useT } from '../../stores/widget-stores.js';
import { Dialog } from '../dialog/dialog.js';

export const BAN_DURATIONS: readonly BanDuration[] = ['1d', '7d', 'forever'];
const DAYS: Record<BanDuration, number | null> = { '1d': 1, '7d': 7, forever: null };

/** A duration as the dialog offers it: "1 day", "7 days", "Forever" in the reader's language. */
export const durationLabel = (t: Translate, duration: BanDuration): string => {
  const days = DAYS[duration];
  return days === null ? t('banForever') : t('banDays', { count: days });
};

/** What the moderator's toast says once a ban is in. */
export const bannedNotice = (t: Translate, name: string, duration: BanDuration = 'forever'): string => {
  const days = DAYS[duration];
  return days === null ? t('bannedForGood', { name }) : t('bannedForDays', { name, count: days });
};

/** Asks for a ban's reason and duration (reason up to 500 characters). */
export function BanDialog({ name, onSubmit, onClose }: {
  name: string;
  onSubmit: (params: BanParams) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [duration, setDuration] = useState<BanDuration>('1d');
  const [reason, setReason] = useState('');
  const group = useId();
  return (
    <Dialog title={t('ban', { name })} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(reason.trim() ? { duration, reason: reason.trim() } : { duration });
        }}
      >
        <fieldset className="gfw-fieldset">
          <legend>{t('banHowLong')}</legend>
          {BAN_DURATIONS.map((d) => (
            <label key={d} className="gfw-choice">
              <input type="radio" name={group} value={d} checked={duration === d} onChange={() => setDuration(d)} />
              {durationLabel(t, d)}
            </label>
          ))}
        </fieldset>
        <label className="gfw-field">
          {t('banReason')}
          <textarea value={reason} maxLength={500} rows={2} onChange={(event) => setReason(event.target.value)} />
        </label>
        <div className="gfw-dialog-actions">
          <button type="button" className="gfw-button" onClick={onClose}>{t('cancel')}</button>
          <button type="submit" className="gfw-button gfw-primary gfw-danger">{t('banButton')}</button>
        </div>
      </form>
    </Dialog>
  );
}

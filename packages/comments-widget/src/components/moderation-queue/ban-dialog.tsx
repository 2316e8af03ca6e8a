import { useId, useState } from 'react';
import type { BanDuration, BanParams } from '@guffaw/comments-client';
import { Dialog } from '../dialog/dialog.js';

export const BAN_DURATIONS: readonly { value: BanDuration; label: string }[] = [
  { value: '1d', label: '1 day' },
  { value: '7d', label: '7 days' },
  { value: 'forever', label: 'Forever' },
];

/** Asks for a ban's reason and duration (reason up to 500 characters). */
export function BanDialog({ name, onSubmit, onClose }: {
  name: string;
  onSubmit: (params: BanParams) => void;
  onClose: () => void;
}) {
  const [duration, setDuration] = useState<BanDuration>('1d');
  const [reason, setReason] = useState('');
  const group = useId();
  return (
    <Dialog title={`Ban @${name}`} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(reason.trim() ? { duration, reason: reason.trim() } : { duration });
        }}
      >
        <fieldset className="gfw-fieldset">
          <legend>For how long?</legend>
          {BAN_DURATIONS.map((d) => (
            <label key={d.value} className="gfw-choice">
              <input type="radio" name={group} value={d.value} checked={duration === d.value} onChange={() => setDuration(d.value)} />
              {d.label}
            </label>
          ))}
        </fieldset>
        <label className="gfw-field">
          Reason (shown to them)
          <textarea value={reason} maxLength={500} rows={2} onChange={(event) => setReason(event.target.value)} />
        </label>
        <div className="gfw-dialog-actions">
          <button type="button" className="gfw-button" onClick={onClose}>Cancel</button>
          <button type="submit" className="gfw-button gfw-primary gfw-danger">Ban</button>
        </div>
      </form>
    </Dialog>
  );
}

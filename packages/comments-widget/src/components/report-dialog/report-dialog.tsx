import { useId, useState } from 'react';
import { Dialog } from '../dialog/dialog.js';
import { REPORT_REASONS, type ReportChoice } from './reasons.js';

export function ReportDialog({ name, canBlock, onSubmit, onClose }: {
  /** Display name of the comment's author. */
  name: string;
  canBlock: boolean;
  onSubmit: (choice: ReportChoice) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [block, setBlock] = useState(false);
  const group = useId();
  return (
    <Dialog title="Report comment" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (reason !== null) onSubmit({ reason, text: text.trim(), block: canBlock && block });
        }}
      >
        <fieldset className="gfw-fieldset">
          <legend>Why are you reporting this comment?</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r.value} className="gfw-choice">
              <input type="radio" name={group} value={r.value} checked={reason === r.value} onChange={() => setReason(r.value)} />
              {r.label}
            </label>
          ))}
        </fieldset>
        {reason === 7 && (
          <label className="gfw-field">
            Tell us more
            <textarea value={text} maxLength={500} onChange={(event) => setText(event.target.value)} />
          </label>
        )}
        {canBlock && (
          <label className="gfw-choice">
            <input type="checkbox" checked={block} onChange={(event) => setBlock(event.target.checked)} />
            Also block @{name}
          </label>
        )}
        <div className="gfw-dialog-actions">
          <button type="button" className="gfw-button" onClick={onClose}>Cancel</button>
          <button type="submit" className="gfw-button gfw-primary" disabled={reason === null}>Report</button>
        </div>
      </form>
    </Dialog>
  );
}

import { useId, useState } from 'react';
import { Dialog } from '../dialog/dialog.js';
import { REPORT_REASONS, type ReportChoice } from './reasons.js';
import { useT } from '../../stores/widget-stores.js';
import { addEnglish } from '../../i18n/translate.js';
import { enParts } from '../../i18n/en-parts.js';

addEnglish(enParts);

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
  const t = useT();
  return (
    <Dialog title={t('reportComment')} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (reason !== null) onSubmit({ reason, text: text.trim(), block: canBlock && block });
        }}
      >
        <fieldset className="gfw-fieldset">
          <legend>{t('reportWhy')}</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r.value} className="gfw-choice">
              <input type="radio" name={group} value={r.value} checked={reason === r.value} onChange={() => setReason(r.value)} />
              {t(`reason${r.value as 1 | 2 | 3 | 4 | 5 | 6 | 7}`)}
            </label>
          ))}
        </fieldset>
        {reason === 7 && (
          <label className="gfw-field">
            {t('tellUsMore')}
            <textarea value={text} maxLength={500} onChange={(event) => setText(event.target.value)} />
          </label>
        )}
        {canBlock && (
          <label className="gfw-choice">
            <input type="checkbox" checked={block} onChange={(event) => setBlock(event.target.checked)} />
            {t('alsoBlock', { name })}
          </label>
        )}
        <div className="gfw-dialog-actions">
          <button type="button" className="gfw-button" onClick={onClose}>{t('cancel')}</button>
          <button type="submit" className="gfw-button gfw-primary" disabled={reason === null}>{t('report')}</button>
        </div>
      </form>
    </Dialog>
  );
}

import { icon } from '../../lib/icons.js';
import type { AttachmentDraft } from '../../stores/composer-store.js';
import { useWidget } from '../../stores/widget-stores.js';

/** A composer's attachments (a picked, pasted or dropped file): preview, upload progress, notice, Remove. */
export function Attachments({ composerKey, attachments }: { composerKey: string; attachments: AttachmentDraft[] }) {
  const { composers } = useWidget();
  return (
    <ul className="gfw-attachments" aria-label="Attachments">
      {attachments.map((a) => (
        <li key={a.id} className="gfw-attachment">
          {a.preview && a.status !== 'failed' && <img className="gfw-attachment-preview" src={a.preview} alt={`Preview of ${a.name}`} />}
          <span className="gfw-attachment-name">{a.name}</span>
          {a.status === 'uploading' && (
            <progress max={1} value={a.progress} aria-label={`Uploading ${a.name}`}>{Math.round(a.progress * 100)}%</progress>
          )}
          {a.status === 'ready' && <span className="gfw-attachment-ready">Ready</span>}
          {a.notice && <span className="gfw-error" role="alert">{a.notice}</span>}
          <button type="button" className="gfw-icon-button" aria-label={`Remove ${a.name}`} onClick={() => composers.getState().detach(composerKey, a.id)}>
            {icon('close')}
          </button>
        </li>
      ))}
    </ul>
  );
}

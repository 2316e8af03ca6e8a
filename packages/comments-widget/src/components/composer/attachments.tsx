import { icon } from '../../lib/icons.js';
import type { AttachmentDraft } from '../../stores/composer-store.js';
import { useT, useWidget } from '../../stores/widget-stores.js';
import { addEnglish } from '../../i18n/translate.js';
import { enParts } from '../../i18n/en-parts.js';

addEnglish(enParts);

/** A composer's attachments (a picked, pasted or dropped file): preview, upload progress, notice, Remove. */
export function Attachments({ composerKey, attachments }: { composerKey: string; attachments: AttachmentDraft[] }) {
  const { composers } = useWidget();
  const t = useT();
  return (
    <ul className="gfw-attachments" aria-label={t('attachments')}>
      {attachments.map((a) => (
        <li key={a.id} className="gfw-attachment">
          {a.preview && a.status !== 'failed' && <img className="gfw-attachment-preview" src={a.preview} alt={t('previewOf', { name: a.name })} />}
          <span className="gfw-attachment-name">{a.name}</span>
          {a.status === 'uploading' && (
            <progress max={1} value={a.progress} aria-label={t('uploading', { name: a.name })}>{Math.round(a.progress * 100)}%</progress>
          )}
          {a.status === 'ready' && <span className="gfw-attachment-ready">{t('ready')}</span>}
          {a.notice && <span className="gfw-error" role="alert">{a.notice}</span>}
          <button type="button" className="gfw-icon-button" aria-label={t('remove', { name: a.name })} onClick={() => composers.getState().detach(composerKey, a.id)}>
            {icon('close')}
          </button>
        </li>
      ))}
    </ul>
  );
}

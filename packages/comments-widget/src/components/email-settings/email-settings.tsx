import { useEffect, useId, useState } from 'react';
import type { EmailMode, EmailNotificationSettings } from '@guffaw/comments-client';
import { errorNotice } from '../../lib/error-notice.js';
import { useT, useWidget } from '../../stores/widget-stores.js';
import { Dialog } from '../dialog/dialog.js';
import { addEnglish } from '../../i18n/translate.js';
import { enParts } from '../../i18n/en-parts.js';

addEnglish(enParts);

/** The modes with their catalogue keys (label, and hint: the key + Hint). */
export const EMAIL_MODE_OPTIONS = [
  { value: 'immediately', key: 'emailImmediately' },
  { value: 'digest', key: 'emailDigest' },
  { value: 'never', key: 'emailNever' },
] as const satisfies ReadonlyArray<{ value: EmailMode; key: string }>;

export const EMAIL_SAVED = enParts.emailSaved;
export const NO_EMAIL = enParts.noEmail;

/**
 * A reader's email notifications on another app's comments (replies to their comments and in threads they follow):
 * how often, and the address they go to, which the host signs in its token. Read when opened, and shown once read (a
 * dialog is sized, and a short frame grown to hold it, as it opens); a choice is saved at once (a toast says so), and
 * a failed save puts the old choice back, the toast telling the error.
 */
export function EmailSettings({ onClose }: { onClose: () => void }) {
  const { client, toasts, i18n } = useWidget();
  const [settings, setSettings] = useState<EmailNotificationSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = useId();
  const t = useT();

  useEffect(() => {
    let live = true;
    client.emailNotifications().then(
      (loaded) => live && setSettings(loaded),
      (e: unknown) => live && setError(errorNotice(e, i18n.getState().t)),
    );
    return () => {
      live = false;
    };
  }, [client, i18n]);

  const choose = (mode: EmailMode) => {
    if (busy || !settings || mode === settings.mode) return;
    const before = settings;
    setSettings({ ...settings, mode });
    setBusy(true);
    client.setEmailNotifications(mode)
      .then((saved) => {
        setSettings(saved);
        toasts.getState().show(t('emailSaved'));
      }, (e: unknown) => {
        setSettings(before);
        toasts.getState().show(errorNotice(e, t));
      })
      .finally(() => setBusy(false));
  };

  if (!settings && !error) return null;
  return (
    <Dialog title={t('emailNotifications')} onClose={onClose}>
      {error ? <p className="gfw-error" role="alert">{error}</p> : (
        <p className="gfw-note" id={`${name}-to`}>
          {settings?.email
            ? withStrong(t('mailedTo', { email: '\0' }), settings.email)
            : t('noEmail')}
        </p>
      )}
      <fieldset className="gfw-fieldset gfw-email-modes" disabled={busy || !settings?.email} aria-describedby={error ? undefined : `${name}-to`}>
        <legend className="gfw-sr-only">{t('emailMe')}</legend>
        {EMAIL_MODE_OPTIONS.map((o) => (
          <label key={o.value} className="gfw-choice">
            <input type="radio" name={name} value={o.value} checked={settings?.mode === o.value} onChange={() => choose(o.value)} />
            <span>{t(o.key)} <span className="gfw-note">· {t(`${o.key}Hint`)}</span></span>
          </label>
        ))}
      </fieldset>
      <div className="gfw-dialog-actions">
        <button type="button" className="gfw-button" onClick={onClose}>{t('close')}</button>
      </div>
    </Dialog>
  );
}

/** A text with a value put in where the \0 mark stands, the value in bold. */
function withStrong(text: string, value: string) {
  const [before, after = ''] = text.split('\0');
  return <>{before}<strong>{value}</strong>{after}</>;
}

import { useEffect, useId, useState } from 'react';
import type { EmailMode, EmailNotificationSettings } from '@guffaw/comments-client';
import { errorNotice } from '../../lib/error-notice.js';
import { useWidget } from '../../stores/widget-stores.js';
import { Dialog } from '../dialog/dialog.js';

export const EMAIL_MODE_OPTIONS: ReadonlyArray<{ value: EmailMode; label: string; hint: string }> = [
  { value: 'immediately', label: 'Immediately', hint: 'A few minutes after a reply (a busy thread makes one email).' },
  { value: 'digest', label: 'Daily digest', hint: 'One email a day with the replies of the day.' },
  { value: 'never', label: 'Never', hint: 'No emails.' },
];

export const EMAIL_SAVED = 'Your settings have been saved.';
export const NO_EMAIL = "This site doesn't share an email address with the comments, so no mail is sent.";

/**
 * A reader's email notifications on another app's comments (replies to their comments and in threads they follow):
 * how often, and the address they go to, which the host signs in its token. Read when opened, and shown once read (a
 * dialog is sized, and a short frame grown to hold it, as it opens); a choice is saved at once (a toast says so), and
 * a failed save puts the old choice back, the toast telling the error.
 */
export function EmailSettings({ onClose }: { onClose: () => void }) {
  const { client, toasts } = useWidget();
  const [settings, setSettings] = useState<EmailNotificationSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = useId();

  useEffect(() => {
    let live = true;
    client.emailNotifications().then(
      (loaded) => live && setSettings(loaded),
      (e: unknown) => live && setError(errorNotice(e)),
    );
    return () => {
      live = false;
    };
  }, [client]);

  const choose = (mode: EmailMode) => {
    if (busy || !settings || mode === settings.mode) return;
    const before = settings;
    setSettings({ ...settings, mode });
    setBusy(true);
    client.setEmailNotifications(mode)
      .then((saved) => {
        setSettings(saved);
        toasts.getState().show(EMAIL_SAVED);
      }, (e: unknown) => {
        setSettings(before);
        toasts.getState().show(errorNotice(e));
      })
      .finally(() => setBusy(false));
  };

  if (!settings && !error) return null;
  return (
    <Dialog title="Email notifications" onClose={onClose}>
      {error ? <p className="gfw-error" role="alert">{error}</p> : (
        <p className="gfw-note" id={`${name}-to`}>
          {settings?.email
            ? <>Replies to your comments and in threads you follow, mailed to <strong>{settings.email}</strong>.</>
            : NO_EMAIL}
        </p>
      )}
      <fieldset className="gfw-fieldset gfw-email-modes" disabled={busy || !settings?.email} aria-describedby={error ? undefined : `${name}-to`}>
        <legend className="gfw-sr-only">Email me</legend>
        {EMAIL_MODE_OPTIONS.map((o) => (
          <label key={o.value} className="gfw-choice">
            <input type="radio" name={name} value={o.value} checked={settings?.mode === o.value} onChange={() => choose(o.value)} />
            <span>{o.label} <span className="gfw-note">· {o.hint}</span></span>
          </label>
        ))}
      </fieldset>
      <div className="gfw-dialog-actions">
        <button type="button" className="gfw-button" onClick={onClose}>Close</button>
      </div>
    </Dialog>
  );
}

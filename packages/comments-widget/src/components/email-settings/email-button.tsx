import { useState } from 'react';
import { MAIN_APP_ID } from '../../stores/composer-store.js';
import { useCommentUser, useT, useWidget } from '../../stores/widget-stores.js';
import { EmailSettings, preloadParts } from '../lazy-parts.js';

/**
 * The Notifications button of a signed-in reader of another app (the main app's members choose on the site's
 * Settings › Email): it opens their email notification setting, a dialog of the on-demand chunk.
 */
export function EmailButton() {
  const { client } = useWidget();
  const signedIn = useCommentUser((s) => s.info !== null);
  const [open, setOpen] = useState(false);
  const t = useT();
  if (!signedIn || client.appId === MAIN_APP_ID) return null;
  return (
    <>
      <button
        type="button"
        className="gfw-text-button gfw-email-button"
        aria-haspopup="dialog"
        onPointerEnter={preloadParts}
        onFocus={preloadParts}
        onClick={() => setOpen(true)}
      >
        {t('notifications')}
      </button>
      {open && <EmailSettings onClose={() => setOpen(false)} />}
    </>
  );
}

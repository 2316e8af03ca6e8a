import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { Dialog } from '../ui/dialog';
import { showToast } from '../ui/toasts';
import { rotateSecret } from './apps-api';
import { SecretOnce } from './secret-once';
import styles from './apps.module.css';

/** An app console's secret: rotating it, once confirmed, and the new one shown once. */
export function SecretSection({ appId }: { appId: string }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  async function rotate() {
    setBusy(true);
    try {
      setSecret((await rotateSecret(appId)).secret);
      setConfirming(false);
    } catch (e) {
      showToast(errorMessage(e), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <section id="secret" className={styles.card} aria-labelledby="secret-title">
      <h2 id="secret-title" className={styles.heading}>
        Secret
      </h2>
      <p>
        The secret was shown once, when the app was registered. If it leaked or was lost, make a new one: tokens signed with the old one stop working at once.
      </p>
      {secret && <SecretOnce secret={secret} />}
      <div className={styles.actions}>
        <button type="button" className={styles.danger} onClick={() => setConfirming(true)}>
          Rotate secret
        </button>
      </div>
      {confirming && (
        <Dialog title="Rotate the secret?" onClose={() => setConfirming(false)}>
          <p>
            Your server’s tokens, signed with the current secret, stop working at once. Readers are signed out of the comments until your server signs with the
            new one.
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={() => setConfirming(false)} data-autofocus>
              Cancel
            </button>
            <button type="button" className={styles.danger} onClick={() => void rotate()} disabled={busy}>
              {busy ? 'Rotating…' : 'Rotate secret'}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

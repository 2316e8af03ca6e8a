import { useState } from 'react';
import { Dialog } from '../ui/dialog';
import type { ModalComponentProps } from '../ui/modals/modal-registry';
import { currentUrl } from '../ui/modals/gate';
import { SignupOverlay } from '../ui/modals/signup-overlay';
import { selectUser, userStore, useUser } from '../user';
import { useSave } from './settings/use-save';
import styles from './account.module.css';

/** shell §4 "Age verification": the toast after confirming. */
export const AGE_VERIFIED = 'Age verified.';

/**
 * The verify age modal (shell §2 "Modals", §4 "Age verification", §6 "Unverified age: gets the age prompt"): a
 * member whose age is not verified confirms it; that saves the setting ageVerified (POST /v1/settings ageVerified=1),
 * shows "Age verified." and closes. `props.onVerified` (an in-app caller's function) then runs the action that needed
 * it, such as turning on sensitive content. A failure keeps the modal open with the server's message. A guest gets
 * the signup overlay instead.
 */
export function VerifyAgeModal({ props, close }: ModalComponentProps) {
  const user = useUser(selectUser);
  const { busy, error, run } = useSave();
  // Read once: the save itself verifies the age, and the modal then closes rather than saying so.
  const [alreadyVerified] = useState(() => user?.isVerified.age === true);
  if (!user) return <SignupOverlay props={{ next: currentUrl(), action: 'unmask' }} close={close} />;

  if (alreadyVerified) {
    return (
      <Dialog title="Verify your age" onClose={close}>
        <div className={styles.form}>
          <p className={styles.info}>Your age is already verified.</p>
          <button type="button" className={styles.secondary} onClick={close} data-autofocus>
            OK
          </button>
        </div>
      </Dialog>
    );
  }

  const confirm = async () => {
    if (await run(() => userStore.getState().saveSettings({ ageVerified: '1' }), AGE_VERIFIED)) {
      close();
      if (typeof props.onVerified === 'function') (props.onVerified as () => void)();
    }
  };
  return (
    <Dialog title="Verify your age" onClose={close}>
      <div className={styles.form}>
        <p className={styles.info}>Sensitive content is only shown to adults who choose to see it. Please confirm that you are 18 or older.</p>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button type="button" className={styles.primary} onClick={() => void confirm()} disabled={busy} data-autofocus>
          {busy ? 'Saving…' : "I'm 18 or older"}
        </button>
        <button type="button" className={styles.secondary} onClick={close} disabled={busy}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

export default VerifyAgeModal;

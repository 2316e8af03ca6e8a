import { Dialog } from '../ui/dialog';
import type { ModalComponentProps } from '../ui/modals/modal-registry';
import { BlockedUserList, useBlockedUsers } from './settings/blocked-users';
import styles from './account.module.css';

/** The blocked users modal (shell §2 "Modals"): the same list and Unblock as Settings › Blocked. */
export function BlockedUsersModal({ close }: ModalComponentProps) {
  const blocked = useBlockedUsers();
  return (
    <Dialog title="Blocked users" onClose={close} wide>
      <div className={styles.form}>
        <p className={styles.info}>You won't see posts and comments from the people you block.</p>
        <BlockedUserList {...blocked} />
        <button type="button" className={styles.secondary} onClick={close}>
          Done
        </button>
      </div>
    </Dialog>
  );
}

export default BlockedUsersModal;

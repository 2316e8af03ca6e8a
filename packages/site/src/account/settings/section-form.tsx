import { userStore, type MainUser } from '../../user';
import styles from '../account.module.css';

/** What the settings sections share: the member they edit, a save of their fields, the saved notice, the error line. */

export const SAVED = 'Your settings have been saved.';

export type Props = { user: MainUser & { about?: string; country?: string; gender?: string; birthday?: string | null; hasPassword?: boolean } };

export const save = (fields: Record<string, string>) => userStore.getState().saveSettings(fields);

export function ErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p className={styles.error} role="alert">
      {error}
    </p>
  ) : null;
}

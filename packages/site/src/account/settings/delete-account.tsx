import { useState, type FormEvent } from 'react';
import { userStore } from '../../user';
import { saveSettings } from '../account-api';
import styles from '../account.module.css';
import { ErrorLine, type Props } from './section-form';
import { useSave } from './use-save';
import { ACCOUNT_EXPORT_URL } from './your-data';
import dataStyles from './your-data.module.css';

/** Deleting the account: what becomes of what the member posted, the password, and a last check. */

/** Issue #25: what happens to what the member posted; the server's default is 'anonymise', so it is checked first. */
export type ContentChoice = 'remove' | 'anonymise';
export const CONTENT_CHOICES: Array<{ value: ContentChoice; label: string; hint: string }> = [
  { value: 'anonymise', label: 'Keep my posts and comments, anonymously', hint: 'They stay, shown as by a deleted account, with no name, picture or profile.' },
  {
    value: 'remove',
    label: 'Delete everything I posted',
    hint: 'Your posts and comments are deleted. A comment someone replied to stays as “deleted”, so their replies keep their place.',
  },
];

export function DeleteAccountSection({ user }: Props) {
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const [choice, setChoice] = useState<ContentChoice>('anonymise');
  const { busy, error, run } = useSave();
  const hasPassword = user.hasPassword !== false;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await run(() => saveSettings({ deleteAccount: '1', contentChoice: choice, ...(hasPassword ? { password } : {}) }));
    if (ok) {
      userStore.getState().clear();
      window.location.assign('/');
    }
  };
  return (
    <form className={styles.panel} onSubmit={(e) => void submit(e)}>
      <h1>Delete account</h1>
      <p className={styles.info}>
        Your account, votes, saves, blocks and settings are removed for good. This cannot be undone.{' '}
        <a href={ACCOUNT_EXPORT_URL} download>
          Download your data
        </a>{' '}
        first if you want a copy.
      </p>
      <fieldset className={dataStyles.choices}>
        <legend>Your posts and comments</legend>
        {CONTENT_CHOICES.map((c) => (
          <label key={c.value} className={styles.check}>
            <input type="radio" name="contentChoice" value={c.value} checked={choice === c.value} onChange={() => setChoice(c.value)} />
            <span>
              {c.label} <span className={styles.info}>· {c.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {hasPassword && (
        <label className={styles.field}>
          Password
          <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
      )}
      <label className={styles.check}>
        <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} />I understand, delete my account
      </label>
      <ErrorLine error={error} />
      <button className={styles.danger} type="submit" disabled={busy || !sure || (hasPassword && !password)}>
        Delete my account
      </button>
    </form>
  );
}

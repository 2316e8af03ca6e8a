import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../lib/api';
import { useLocation } from '../router';
import { usePageTitle } from '../ui/page-title';
import { checkResetToken, resetPassword } from './account-api';
import styles from './account.module.css';

/** Opened from the mailed link (/member/reset-password?token=… redirects here): choose a new password. */
export function ResetPasswordPage() {
  usePageTitle('forgot-password');
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(params.get('errorMessage'));
  const [valid, setValid] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    checkResetToken(token)
      .then(() => live && setValid(true))
      .catch((e: unknown) => {
        if (!live) return;
        setValid(false);
        setError(errorMessage(e));
      });
    return () => {
      live = false;
    };
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!password) return setError('Please enter a new password.');
    if (password !== confirm) return setError('The two passwords are not the same.');
    setBusy(true);
    setError(null);
    try {
      const reply = await resetPassword(token, password);
      window.location.assign(reply.next || '/');
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      {valid === false ? (
        <div className={styles.form}>
          <p className={styles.error} role="alert">
            {error}
          </p>
          <a className={styles.primary} href="/forgot-password">
            Send a new link
          </a>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <label className={styles.field}>
            New password
            <input name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} maxLength={128} />
          </label>
          <label className={styles.field}>
            Confirm new password
            <input name="confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} maxLength={128} />
          </label>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <button className={styles.primary} type="submit" disabled={busy || valid !== true}>
            {busy ? 'Saving…' : 'Save password'}
          </button>
        </form>
      )}
    </section>
  );
}

export default ResetPasswordPage;

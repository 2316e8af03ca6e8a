import { useEffect, useState, type FormEvent } from 'react';
import { openModal } from '../../ui/modals/modal-store';
import { ShortcutsSwitch } from '../../ui/shortcuts/shortcuts-switch';
import { userStore, type MainUser } from '../../user';
import { connectUrl } from '../../lib/endpoints/account';
import { RESEND_CONFIRMATION_URL } from '../../lib/endpoints/session';
import { authProviders, unlink } from '../account-api';
import styles from '../account.module.css';
import { EmailNotificationsPanel } from './email-notifications';
import { ProSettingsPanel, type ProUser } from './pro-settings';
import { ErrorLine, SAVED, save, type Props } from './section-form';
import { useSave } from './use-save';

export { SAVED } from './section-form';
export { DoNotSellSection, OptOutIbaSection, PrivacySection, USPRIVACY_COOKIE } from './privacy-sections';
export { CONTENT_CHOICES, DeleteAccountSection, type ContentChoice } from './delete-account';

/** posts-and-feeds.md §8: resend confirmation texts. */
export const VERIFY_SENT = 'We just sent you a verification email, please open the link to verify your account.';

export function ProfileSection({ user }: Props) {
  const [fullName, setFullName] = useState(user.fullName);
  const [about, setAbout] = useState(user.about ?? '');
  const [country, setCountry] = useState(user.country ?? '');
  const [gender, setGender] = useState(user.gender ?? '');
  const [birthday, setBirthday] = useState(user.birthday ?? '');
  const { busy, error, run } = useSave();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => save({ fullName, about, country, gender, birthday }), SAVED);
  };
  return (
    <form className={styles.panel} onSubmit={submit}>
      <h1>Profile</h1>
      <p className={styles.info}>
        Username: <a href={user.profileUrl}>@{user.username}</a>
      </p>
      <label className={styles.field}>
        Full name
        <input name="fullName" value={fullName} onChange={(e) => setFullName(e.target.value)} maxLength={60} />
      </label>
      <label className={styles.field}>
        About
        <textarea name="about" value={about} onChange={(e) => setAbout(e.target.value)} maxLength={300} rows={3} />
      </label>
      <label className={styles.field}>
        Country (two-letter code)
        <input name="country" value={country} onChange={(e) => setCountry(e.target.value)} maxLength={2} placeholder="US" />
      </label>
      <label className={styles.field}>
        Gender
        <select name="gender" value={gender} onChange={(e) => setGender(e.target.value)}>
          <option value="">Prefer not to say</option>
          <option value="male">Male</option>
          <option value="female">Female</option>
          <option value="other">Other</option>
        </select>
      </label>
      <label className={styles.field}>
        Birthday
        <input name="birthday" type="date" value={birthday} onChange={(e) => setBirthday(e.target.value)} />
      </label>
      <ErrorLine error={error} />
      <button className={styles.primary} type="submit" disabled={busy}>
        Save changes
      </button>
    </form>
  );
}

export function PasswordSection({ user }: Props) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, error, setError, run } = useSave();
  const hasPassword = user.hasPassword !== false;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!next) return setError('Please enter a new password.');
    if (next !== confirm) return setError('The two passwords are not the same.');
    const ok = await run(() => save(hasPassword ? { password: current, newPassword: next } : { newPassword: next }), 'Your password has been changed.');
    if (ok) {
      setCurrent('');
      setNext('');
      setConfirm('');
    }
  };
  return (
    <form className={styles.panel} onSubmit={(e) => void submit(e)}>
      <h1>Password</h1>
      {hasPassword && (
        <label className={styles.field}>
          Current password
          <input name="password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        </label>
      )}
      <label className={styles.field}>
        New password
        <input name="newPassword" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} maxLength={128} />
      </label>
      <label className={styles.field}>
        Confirm new password
        <input name="confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} maxLength={128} />
      </label>
      <ErrorLine error={error} />
      <button className={styles.primary} type="submit" disabled={busy}>
        Change password
      </button>
    </form>
  );
}

const PROVIDERS = [
  ['google', 'Google', 'googleConnected'],
  ['facebook', 'Facebook', 'fbConnected'],
  ['apple', 'Apple', 'appleConnected'],
] as const;

export function AccountSection({ user }: Props) {
  const [safeMode, setSafeMode] = useState(user.safeMode);
  const [nsfwMode, setNsfwMode] = useState(user.nsfwMode);
  const [offensiveMode, setOffensiveMode] = useState(user.offensiveMode);
  const [autoFollow, setAutoFollow] = useState(user.autoFollowThreadReply ?? true);
  const [providers, setProviders] = useState<string[]>([]);
  const { busy, error, run } = useSave();
  const linked = user as unknown as Record<string, boolean | undefined>;
  useEffect(() => {
    authProviders()
      .then((r) => setProviders(r.providers))
      .catch(() => undefined);
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const on = (value: boolean) => (value ? '1' : '0');
    void run(() => save({ safeMode: on(safeMode), nsfwMode: on(nsfwMode), offensiveMode: on(offensiveMode), autoFollowThreadReply: on(autoFollow) }), SAVED);
  };
  return (
    <form className={styles.panel} onSubmit={submit}>
      <h1>Account</h1>
      <p className={styles.info}>
        Username: @{user.username} · Email: {user.email ?? 'none'} (<a href="/settings/email">change</a>)
      </p>
      <label className={styles.check}>
        <input type="checkbox" name="safeMode" checked={safeMode} onChange={(e) => setSafeMode(e.target.checked)} />
        Safe mode: hide sensitive content
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="nsfwMode"
          checked={nsfwMode}
          onChange={(e) => {
            // shell §6: a member whose age is not verified gets the age prompt first.
            if (e.target.checked && !user.isVerified.age) openModal('verify-age', { onVerified: () => setNsfwMode(true) });
            else setNsfwMode(e.target.checked);
          }}
        />
        Show sensitive content (18+)
      </label>
      <label className={styles.check}>
        <input type="checkbox" name="offensiveMode" checked={offensiveMode} onChange={(e) => setOffensiveMode(e.target.checked)} />
        Show offensive comments
      </label>
      <label className={styles.check}>
        <input type="checkbox" name="autoFollowThreadReply" checked={autoFollow} onChange={(e) => setAutoFollow(e.target.checked)} />
        Follow a thread when I reply to it
      </label>
      <ErrorLine error={error} />
      <button className={styles.primary} type="submit" disabled={busy}>
        Save changes
      </button>
      <div className={styles.row}>
        <span>Age: {user.isVerified.age ? 'verified' : 'not verified'}</span>
        {!user.isVerified.age && (
          <button type="button" className={styles.secondary} onClick={() => openModal('verify-age')}>
            Verify age
          </button>
        )}
      </div>
      <div className={styles.row}>
        <span>Blocked users</span>
        <button type="button" className={styles.secondary} onClick={() => openModal('blocked-users')}>
          Manage
        </button>
      </div>
      <ShortcutsPanel />
      <ProSettingsPanel user={user as ProUser} saved={SAVED} />
      {providers.length > 0 && <h2>Connected accounts</h2>}
      {PROVIDERS.filter(([p]) => providers.includes(p)).map(([p, label, flag]) =>
        linked[flag] ? (
          <div className={styles.row} key={p}>
            <span>{label}: connected</span>
            <button
              type="button"
              className={styles.secondary}
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await unlink(p);
                  userStore.getState().patchUser({ [flag]: false } as Partial<MainUser>);
                }, `${label} is no longer connected.`)
              }
            >
              Disconnect
            </button>
          </div>
        ) : (
          <div className={styles.row} key={p}>
            <span>{label}: not connected</span>
            <a className={styles.secondary} href={connectUrl(p, `next=${encodeURIComponent('/settings/account')}`)}>
              Connect
            </a>
          </div>
        ),
      )}
    </form>
  );
}

/** shell-and-account.md §5 keyboard shortcuts: the `?` legend's switch, kept in this browser and applied at once. */
function ShortcutsPanel() {
  return (
    <div role="group" aria-labelledby="shortcuts-settings-title">
      <h2 id="shortcuts-settings-title">Keyboard shortcuts</h2>
      <ShortcutsSwitch className={styles.check} />
      <p className={styles.info}>Saved in this browser. Press ? to see the list.</p>
    </div>
  );
}

export function EmailSection({ user }: Props) {
  const [email, setEmail] = useState('');
  const { busy, error, run } = useSave();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await run(() => save({ email: email.trim() }), VERIFY_SENT)) setEmail('');
  };
  return (
    <div className={styles.stack}>
      <form className={styles.panel} onSubmit={(e) => void submit(e)}>
        <h1>Email</h1>
        <p className={styles.info}>
          Current email: {user.email ?? 'none'} {user.email && (user.isVerified.email ? '(verified)' : '(not verified)')}
        </p>
        {user.pendingEmail && <p className={styles.info}>Waiting for confirmation: {user.pendingEmail}</p>}
        {(user.pendingEmail || !user.isVerified.email) && (
          <a className={styles.secondary} href={RESEND_CONFIRMATION_URL}>
            Resend verification email
          </a>
        )}
        <label className={styles.field}>
          New email
          <input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} />
        </label>
        <ErrorLine error={error} />
        <button className={styles.primary} type="submit" disabled={busy || !email.trim()}>
          Change email
        </button>
      </form>
      <EmailNotificationsPanel />
    </div>
  );
}

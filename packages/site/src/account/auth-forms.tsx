import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSiteConfig } from '../config';
import { errorMessage, isApiFailure } from '../lib/api';
import { connectUrl, LOGIN_FORM_ACTION } from '../lib/endpoints/account';
import { showToast } from '../ui/toasts';
import { authProviders, forgotPassword, logIn, signUp, solveCaptcha } from './account-api';
import styles from './account.module.css';

/** shell §8: login page codes. */
export const LOGIN_MESSAGES: Record<string, string> = {
  LOGIN_FAILED: 'Your email or password were incorrect.',
  LOGIN_ERROR: 'An error occurred. Please try again later.',
  // A signup link opened again: the account it made is there.
  ALREADY_CONFIRMED: 'Your account is ready. Please log in.',
};

export const FORGOT_PASSWORD_SENT = 'The instruction to reset password has been sent to your email.';
export const WRONG_CAPTCHA = 'Wrong CAPTCHA.';

const PROVIDER_LABELS = { google: 'Google', facebook: 'Facebook', apple: 'Apple' } as const;

/** After login or signup the whole page reloads at the target, so the shell starts afresh as a member. */
const go = (next: string) => window.location.assign(next || '/');

/** Social sign-in links for the providers the server has configured (none are shown when it has none). */
export function SocialButtons({ next }: { next: string }) {
  const [providers, setProviders] = useState<Array<keyof typeof PROVIDER_LABELS>>([]);
  useEffect(() => {
    let live = true;
    authProviders()
      .then((r) => live && setProviders(r.providers))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (providers.length === 0) return null;
  // shell §5: signing in from an iframe opens the provider in a new window.
  const inFrame = typeof window !== 'undefined' && window.top !== window;
  return (
    <div className={styles.social}>
      {providers.map((p) => (
        <a key={p} className={styles.secondary} href={connectUrl(p, `${new URLSearchParams({ next })}`)} {...(inFrame ? { target: '_blank', rel: 'opener' } : {})}>
          Continue with {PROVIDER_LABELS[p]}
        </a>
      ))}
    </div>
  );
}

export function LoginForm({ next, initialError = null, onForgot }: { next: string; initialError?: string | null; onForgot?: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // shell §5: username and password must both be non-empty.
    if (!username.trim() || !password) {
      setError('Please enter your username and password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const reply = await logIn(username.trim(), password, next);
      go(reply.next);
    } catch (e) {
      setError(isApiFailure(e) ? (LOGIN_MESSAGES[e.code] ?? e.message) : errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <>
      <SocialButtons next={next} />
      <form className={styles.form} method="post" action={LOGIN_FORM_ACTION} onSubmit={submit} noValidate>
        <input type="hidden" name="next" value={next} />
        <label className={styles.field}>
          Email or username
          <input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} maxLength={254} data-autofocus />
        </label>
        <label className={styles.field}>
          Password
          <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} maxLength={1024} />
        </label>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button className={styles.primary} type="submit" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
        <div className={styles.links}>
          {onForgot ? (
            <button type="button" className={styles.secondary} onClick={onForgot}>
              Forgot password?
            </button>
          ) : (
            <a href="/forgot-password">Forgot password?</a>
          )}
          <a href={`/signup?${new URLSearchParams({ next })}`}>Sign up</a>
        </div>
      </form>
    </>
  );
}

export type SignupPrefill = { fullname?: string; email?: string; error?: string | null };

/**
 * After a signup: the same words whether the email was free or already had an account (the server answers both
 * alike and mails either a confirmation link or, to an existing account's owner, a way to log in).
 */
export function CheckYourEmail({ email }: { email: string }) {
  return (
    <div className={styles.form} role="status">
      <h2>Check your email</h2>
      <p className={styles.info}>
        {email ? (
          <>
            We sent a mail to <strong>{email}</strong>.
          </>
        ) : (
          'We sent you a mail.'
        )}{' '}
        Open the link in it to finish signing up. If you don&apos;t see it within a few minutes, look in your spam folder.
      </p>
    </div>
  );
}

/**
 * shell §4 "Signup by email": step 1 details; step 2 "Verify your age", reached once the CAPTCHA (a proof of work
 * solved in the page) is solved. Back on step 2 returns to step 1; back on step 1 calls onBack (closes the modal).
 */
export function SignupForm({ next, src, refParam, prefill = {}, onBack }: { next: string; src: string; refParam: string; prefill?: SignupPrefill; onBack?: () => void }) {
  const [step, setStep] = useState<1 | 2>(1);
  const [fullname, setFullname] = useState(prefill.fullname ?? '');
  const [email, setEmail] = useState(prefill.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(prefill.error ?? null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const captcha = useRef<string | null>(null);
  const { appName } = useSiteConfig();

  async function toStep2(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // shell §5: full name, email and password must be non-empty.
    if (!fullname.trim() || !email.trim() || !password) {
      setError('Please fill in your full name, email and password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      captcha.current = await solveCaptcha();
      setStep(2);
    } catch {
      setError(WRONG_CAPTCHA);
    } finally {
      setBusy(false);
    }
  }

  async function submit() {
    if (busy) return;
    if (!captcha.current) {
      setStep(1);
      setError(WRONG_CAPTCHA);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signUp({ fullname, email, password, next, src, ref: refParam, captcha: captcha.current, ageVerified: true });
      captcha.current = null;
      setPassword('');
      setSent(true);
      setBusy(false);
    } catch (e) {
      // A proof is single-use: a new one is solved on the next try. Server errors come back with the fields prefilled.
      captcha.current = null;
      const data = isApiFailure(e) ? (e.data as { fullname?: string; email?: string } | null) : null;
      if (data?.fullname !== undefined) setFullname(data.fullname);
      if (data?.email !== undefined) setEmail(data.email);
      setError(errorMessage(e));
      setStep(1);
      setBusy(false);
    }
  }

  if (sent) return <CheckYourEmail email={email.trim()} />;

  if (step === 2) {
    return (
      <div className={styles.form}>
        <h2>Verify your age</h2>
        <p className={styles.info}>
          {appName} is for people aged 13 and over; some content is only shown to adults who choose to see it. Please confirm your age to finish signing up.
        </p>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button className={styles.primary} type="button" onClick={() => void submit()} disabled={busy} data-autofocus>
          {busy ? 'Signing up…' : "I'm 13 or older"}
        </button>
        <button className={styles.secondary} type="button" onClick={() => setStep(1)} disabled={busy}>
          Back
        </button>
      </div>
    );
  }

  return (
    <>
      <SocialButtons next={next} />
      <form className={styles.form} onSubmit={toStep2} noValidate>
        <label className={styles.field}>
          Full name
          <input name="fullname" autoComplete="name" value={fullname} onChange={(e) => setFullname(e.target.value)} maxLength={60} data-autofocus />
        </label>
        <label className={styles.field}>
          Email
          <input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} />
        </label>
        <label className={styles.field}>
          Password
          <input name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} maxLength={128} />
        </label>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button className={styles.primary} type="submit" disabled={busy}>
          {busy ? 'Checking you are human…' : 'Next'}
        </button>
        {onBack && (
          <button className={styles.secondary} type="button" onClick={onBack}>
            Back
          </button>
        )}
        <div className={styles.links}>
          <span>Already a member?</span>
          <a href={`/login?${new URLSearchParams({ next })}`}>Log in</a>
        </div>
      </form>
    </>
  );
}

export function ForgotPasswordForm({ onDone, onBack }: { onDone: () => void; onBack?: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim()) {
      setError('Please enter your email.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await forgotPassword(email.trim());
      showToast(FORGOT_PASSWORD_SENT);
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.info}>Enter the email of your account and we will send you a link to choose a new password.</p>
      <label className={styles.field}>
        Email
        <input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} data-autofocus />
      </label>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button className={styles.primary} type="submit" disabled={busy}>
        {busy ? 'Sending…' : 'Send reset link'}
      </button>
      {onBack && (
        <button className={styles.secondary} type="button" onClick={onBack}>
          Back
        </button>
      )}
    </form>
  );
}

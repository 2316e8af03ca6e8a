import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage, isApiFailure } from '../lib/api';
import { Link } from '../router';
import { requireMember } from '../ui/modals/gate';
import { usePageTitle } from '../ui/page-title';
import { selectIsLoggedIn, useUser } from '../user/user-store';
import { listApps, registerApp, splitOrigins, type ConsoleApp, type RegisteredApp } from './apps-api';
import { SecretOnce } from './secret-once';
import styles from './apps.module.css';

export const GUEST_APPS_TEXT = 'Log in to register a site and manage its comments.';

/**
 * /apps: the apps a member registered (an admin sees every app, the main one first) and "Register an app". After
 * registering, the secret is shown once, with a copy button, before the member goes on to the app's page.
 */
export default function AppsPage() {
  usePageTitle({ type: 'document', name: 'Apps' });
  const loggedIn = useUser(selectIsLoggedIn);
  const initialised = useUser((s) => s.initialised);
  return (
    <section className={styles.page} aria-labelledby="apps-title">
      <h1 id="apps-title" className={styles.title}>Apps</h1>
      <p className={styles.lead}>Put Guffaw comments on your own site: register it here, paste the snippet, sign your readers in.</p>
      {loggedIn ? (
        <AppsConsole />
      ) : initialised ? (
        <div className={styles.card}>
          <p>{GUEST_APPS_TEXT}</p>
          <button type="button" className={styles.primary} onClick={() => requireMember('apps', '/apps')}>
            Log in
          </button>
        </div>
      ) : (
        <p className={styles.muted}>Loading…</p>
      )}
    </section>
  );
}

function AppsConsole() {
  const [apps, setApps] = useState<ConsoleApp[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [created, setCreated] = useState<RegisteredApp | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    listApps(abort.signal).then(
      (r) => setApps(r.apps),
      (e: unknown) => !abort.signal.aborted && setLoadError(errorMessage(e)),
    );
    return () => abort.abort();
  }, []);

  return (
    <>
      {created ? (
        <div className={styles.card} role="status">
          <h2 className={styles.heading}>{created.app.name} is registered</h2>
          <p>
            App id <code className={styles.code}>{created.app.appId}</code>
          </p>
          <SecretOnce secret={created.secret} />
          <Link className={styles.primary} href={`/apps/${created.app.appId}`}>
            Go to the app’s settings and snippet
          </Link>
        </div>
      ) : (
        <RegisterForm
          onCreated={(made) => {
            setCreated(made);
            setApps((list) => [...(list ?? []), made.app]);
          }}
        />
      )}
      <h2 className={styles.heading}>Apps you manage</h2>
      {loadError ? (
        <p className={styles.error} role="alert">{loadError}</p>
      ) : apps === null ? (
        <p className={styles.muted}>Loading…</p>
      ) : apps.length === 0 ? (
        <p className={styles.muted}>No apps yet. Register your site above.</p>
      ) : (
        <ul className={styles.appList}>
          {apps.map((a) => (
            <li key={a.appId} className={styles.appItem}>
              <Link href={`/apps/${a.appId}`} className={styles.appLink}>
                <span className={styles.appName}>{a.name}</span>
                <span className={styles.appMeta}>
                  <code>{a.appId}</code>
                  {a.allowedOrigins.length > 0 && <span>{a.allowedOrigins.join(', ')}</span>}
                  {a.owner && <span>owner @{a.owner.username || a.owner.accountId}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function RegisterForm({ onCreated }: { onCreated: (made: RegisteredApp) => void }) {
  const [name, setName] = useState('');
  const [origins, setOrigins] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: 'name' | 'origins' | null; message: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onCreated(await registerApp(name, splitOrigins(origins)));
    } catch (e) {
      const code = isApiFailure(e) ? e.code : '';
      setError({ field: code.includes('NAME') ? 'name' : code.includes('ORIGINS') ? 'origins' : null, message: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby="register-title">
      <h2 id="register-title" className={styles.heading}>Register an app</h2>
      <label className={styles.field}>
        Name
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={80}
          required
          placeholder="Example Gazette"
          aria-invalid={error?.field === 'name' || undefined}
        />
      </label>
      <label className={styles.field}>
        Allowed origins
        <textarea
          value={origins}
          onChange={(e) => setOrigins(e.target.value)}
          rows={2}
          required
          placeholder="https://gazette.example"
          aria-describedby="origins-hint"
          aria-invalid={error?.field === 'origins' || undefined}
        />
      </label>
      <span id="origins-hint" className={styles.hint}>
        One per line: the sites whose pages show the comments (scheme, host and port, no path). At most 20.
      </span>
      {error && <p className={styles.error} role="alert">{error.message}</p>}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? 'Registering…' : 'Register'}
        </button>
      </div>
    </form>
  );
}

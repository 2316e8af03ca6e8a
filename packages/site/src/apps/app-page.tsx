import { useEffect, useState, type FormEvent } from 'react';
import type { AppSettings } from '@guffaw/comments-client';
import { errorMessage, isApiFailure } from '../lib/api';
import { formatDate } from '../lib/format-date';
import { Link, type RouteProps } from '../router';
import { requireMember } from '../ui/modals/gate';
import { usePageTitle } from '../ui/page-title';
import { showToast } from '../ui/toasts';
import { selectIsLoggedIn, useUser } from '../user/user-store';
import { appDetails, splitOrigins, updateApp, type AppDetails } from './apps-api';
import { AuditLog } from './audit-log';
import { AppQueue } from './app-queue';
import { ModeratorsSection } from './moderators-section';
import { SecretSection } from './secret-section';
import { CopyButton } from './secret-once';
import styles from './apps.module.css';

/**
 * /apps/:appId: one app as its owner (or an admin) manages it: the embed snippet and SSO example, name and origins,
 * moderation settings, moderators, the secret's rotation, the queue and bans, and the audit log.
 */
export default function AppPage({ params }: RouteProps) {
  const appId = params.appId ?? '';
  const loggedIn = useUser(selectIsLoggedIn);
  const initialised = useUser((s) => s.initialised);
  const [details, setDetails] = useState<AppDetails<AppSettings> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  usePageTitle({ type: 'document', name: details ? `${details.app.name} · Apps` : 'Apps' });

  useEffect(() => {
    if (!loggedIn) return;
    const abort = new AbortController();
    setDetails(null);
    setFailure(null);
    appDetails(appId, abort.signal).then(setDetails, (e: unknown) => {
      if (abort.signal.aborted) return;
      setFailure(isApiFailure(e) && e.code === 'NOT_APP_OWNER' ? 'Only the owner of this app and Guffaw’s admins can manage it.' : errorMessage(e));
    });
    return () => abort.abort();
  }, [appId, loggedIn]);

  return (
    <section className={styles.page} aria-labelledby="app-title">
      <Link href="/apps" className={styles.back}>
        ← Apps
      </Link>
      <h1 id="app-title" className={styles.title}>
        {details?.app.name ?? 'App'}
      </h1>
      {!loggedIn ? (
        initialised ? (
          <div className={styles.card}>
            <p>Log in to manage this app.</p>
            <button type="button" className={styles.primary} onClick={() => requireMember('apps', `/apps/${appId}`)}>
              Log in
            </button>
          </div>
        ) : (
          <p className={styles.muted}>Loading…</p>
        )
      ) : failure ? (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      ) : !details ? (
        <p className={styles.muted}>Loading…</p>
      ) : (
        <AppConsole details={details} onChange={setDetails} />
      )}
    </section>
  );
}

function AppConsole({ details, onChange }: { details: AppDetails<AppSettings>; onChange: (d: AppDetails<AppSettings>) => void }) {
  const { app } = details;
  return (
    <>
      <dl className={styles.facts}>
        <div>
          <dt>App id</dt>
          <dd>
            <code className={styles.code}>{app.appId}</code>
          </dd>
        </div>
        <div>
          <dt>Owner</dt>
          <dd>{app.owner ? `@${app.owner.username || app.owner.accountId}` : 'Guffaw’s admins'}</dd>
        </div>
        <div>
          <dt>Registered</dt>
          <dd>{formatDate(app.createdAt)}</dd>
        </div>
      </dl>
      <nav className={styles.jump} aria-label="On this page">
        {[
          ['embed', 'Embed'],
          ['site', 'Name and origins'],
          ['settings', 'Settings'],
          ['moderators', 'Moderators'],
          ['secret', 'Secret'],
          ['queue', 'Queue'],
          ['log', 'Log'],
        ].map(([id, label]) => (
          <a key={id} href={`#${id}`}>
            {label}
          </a>
        ))}
      </nav>
      <EmbedSection details={details} />
      <SiteSection details={details} onChange={onChange} />
      <SettingsSection details={details} onChange={onChange} />
      <ModeratorsSection details={details} onChange={onChange} />
      <SecretSection appId={app.appId} />
      <section id="queue" className={styles.card} aria-labelledby="queue-title">
        <h2 id="queue-title" className={styles.heading}>
          Queue and bans
        </h2>
        <AppQueue appId={app.appId} />
      </section>
      <AuditLog appId={app.appId} />
    </>
  );
}

function EmbedSection({ details }: { details: AppDetails<AppSettings> }) {
  return (
    <section id="embed" className={styles.card} aria-labelledby="embed-title">
      <h2 id="embed-title" className={styles.heading}>
        Embed
      </h2>
      <p>
        Put this where the comments go; set <code>data-url</code> to the page’s address and <code>data-auth</code> to the signed-in reader’s token.
      </p>
      <pre className={styles.snippet} aria-label="Embed snippet">
        {details.snippet}
      </pre>
      <div className={styles.actions}>
        <CopyButton text={details.snippet} label="Copy snippet" what="Snippet" />
      </div>
      <h3 className={styles.subheading}>Single sign-on (Node)</h3>
      <p>Your server signs each reader’s token with the app’s secret (HS256, at most 24 hours):</p>
      <pre className={styles.snippet} aria-label="Single sign-on example">
        {details.ssoExample}
      </pre>
      <div className={styles.actions}>
        <CopyButton text={details.ssoExample} label="Copy example" what="Example" />
      </div>
    </section>
  );
}

type SectionProps = { details: AppDetails<AppSettings>; onChange: (d: AppDetails<AppSettings>) => void };

function SiteSection({ details, onChange }: SectionProps) {
  const [name, setName] = useState(details.app.name);
  const [origins, setOrigins] = useState(details.app.allowedOrigins.join('\n'));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { app } = await updateApp(details.app.appId, { name, allowedOrigins: splitOrigins(origins) });
      onChange({ ...details, app });
      setOrigins(app.allowedOrigins.join('\n'));
      showToast('Name and origins saved.');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form id="site" className={styles.card} onSubmit={save} aria-labelledby="site-title">
      <h2 id="site-title" className={styles.heading}>
        Name and origins
      </h2>
      <label className={styles.field}>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
      </label>
      <label className={styles.field}>
        Allowed origins
        <textarea value={origins} onChange={(e) => setOrigins(e.target.value)} rows={3} required aria-describedby="site-origins-hint" />
      </label>
      <span id="site-origins-hint" className={styles.hint}>
        One per line (https://example.com). Only these sites may show the comments and write to them.
      </span>
      <FormEnd error={error} busy={busy} label="Save" />
    </form>
  );
}

const MEDIA: { value: AppSettings['allowedMedia'][number]; label: string }[] = [
  { value: 'static', label: 'Pictures' },
  { value: 'animated', label: 'GIFs and silent clips' },
  { value: 'video', label: 'Videos with sound' },
];

function SettingsSection({ details, onChange }: SectionProps) {
  const [settings, setSettings] = useState<AppSettings>(details.app.settings);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof AppSettings>(key: K, value: AppSettings[K]) => setSettings((s) => ({ ...s, [key]: value }));
  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { app } = await updateApp(details.app.appId, { settings });
      onChange({ ...details, app });
      setSettings(app.settings);
      showToast('Settings saved.');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form id="settings" className={styles.card} onSubmit={save} aria-labelledby="settings-title">
      <h2 id="settings-title" className={styles.heading}>
        Settings
      </h2>
      <div className={styles.grid}>
        <label className={styles.field}>
          Pre-moderation
          <select value={settings.premoderation} onChange={(e) => set('premoderation', e.target.value as AppSettings['premoderation'])}>
            <option value="off">Off: comments appear at once</option>
            <option value="first">First comments: hold a user’s comments until one is approved</option>
            <option value="all">All: hold every comment for review</option>
          </select>
        </label>
        <div>
          <label className={styles.field}>
            Report threshold
            <input
              type="number"
              min={1}
              max={100}
              value={settings.reportThreshold}
              onChange={(e) => set('reportThreshold', Number(e.target.value))}
              aria-describedby="threshold-hint"
            />
          </label>
          <span id="threshold-hint" className={styles.hint}>
            Reports by different members that hide a comment until reviewed (1–100).
          </span>
        </div>
        <label className={styles.field}>
          New comment sections
          <select value={settings.defaultSectionStatus} onChange={(e) => set('defaultSectionStatus', e.target.value as AppSettings['defaultSectionStatus'])}>
            <option value="open">Open</option>
            <option value="closed">Closed</option>
          </select>
        </label>
      </div>
      <fieldset className={styles.fieldset}>
        <legend>Allowed media</legend>
        {MEDIA.map((m) => (
          <label key={m.value} className={styles.check}>
            <input
              type="checkbox"
              checked={settings.allowedMedia.includes(m.value)}
              onChange={(e) =>
                set(
                  'allowedMedia',
                  MEDIA.map((x) => x.value).filter((v) => (v === m.value ? e.target.checked : settings.allowedMedia.includes(v)))
                )
              }
            />
            {m.label}
          </label>
        ))}
      </fieldset>
      <label className={styles.check}>
        <input type="checkbox" checked={settings.linkAttachments} onChange={(e) => set('linkAttachments', e.target.checked)} />
        Link attachments (previews of links in comments)
      </label>
      <FormEnd error={error} busy={busy} label="Save settings" />
    </form>
  );
}

/** A console form's end: the server's refusal, then its submit button (Saving… while it is sent). */
function FormEnd({ error, busy, label }: { error: string | null | undefined; busy: boolean; label: string }) {
  return (
    <>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? 'Saving…' : label}
        </button>
      </div>
    </>
  );
}

import { useEffect, useState } from 'react';
import { ModerationPage } from '@guffaw/comments-widget/moderation';
import '@guffaw/comments-widget/styles.css';
import { requireMember } from '../ui/modals/gate';
import { usePageTitle } from '../ui/page-title';
import { currentTheme, useTheme } from '../theme/theme';
import { selectIsLoggedIn, useUser } from '../user/user-store';
import { consoleQueueApi } from '../apps/apps-api';
import { MAIN_APP_ID, moderatorRole, type ModeratorRole } from './moderator-role';
import styles from './moderation.module.css';

export const GUEST_MODERATION_TEXT = 'Log in to review reported and held comments.';
export const NOT_MODERATOR_TEXT = 'You are not a moderator. Only Guffaw’s comment moderators and admins can review comments here.';

/**
 * /moderation (issue #20): the main app's moderation queue, the widget's own queue view through the package's
 * moderation entry. Moderators act with their comment token; admins (and the app's owner) through the console's calls.
 * A guest gets a log-in prompt; any other member is told they are not a moderator.
 */
export default function ModerationSitePage() {
  usePageTitle({ type: 'document', name: 'Moderation' });
  const loggedIn = useUser(selectIsLoggedIn);
  const auth = useUser((s) => s.info.user?.commentAuth ?? null);
  return (
    <section className={styles.page} aria-labelledby="moderation-title">
      <h1 id="moderation-title" className={styles.title}>Moderation</h1>
      {!loggedIn ? (
        <>
          <p>{GUEST_MODERATION_TEXT}</p>
          <button type="button" className={styles.button} onClick={() => requireMember('moderation', '/moderation')}>
            Log in
          </button>
        </>
      ) : auth ? (
        <MemberModeration auth={auth} />
      ) : (
        <p className={styles.note} role="note">{NOT_MODERATOR_TEXT}</p>
      )}
    </section>
  );
}

function MemberModeration({ auth }: { auth: string }) {
  const [role, setRole] = useState<ModeratorRole | 'loading' | 'error'>('loading');
  const theme = useTheme(currentTheme);
  useEffect(() => {
    let live = true;
    setRole('loading');
    moderatorRole(auth).then(
      (r) => live && setRole(r),
      () => live && setRole('error'),
    );
    return () => {
      live = false;
    };
  }, [auth]);
  if (role === 'loading') return <p className={styles.note}>Checking your moderator rights…</p>;
  if (role === 'error') return <p className={styles.note} role="alert">Your moderator rights could not be checked. Reload the page to try again.</p>;
  if (role === 'none') return <p className={styles.note} role="note">{NOT_MODERATOR_TEXT}</p>;
  return (
    <ModerationPage
      appId={MAIN_APP_ID}
      auth={auth}
      host={window.location.origin}
      theme={theme}
      api={role === 'admin' ? consoleQueueApi(MAIN_APP_ID) : undefined}
    />
  );
}

import { useEffect, useState } from 'react';
import { RESEND_CONFIRMATION_URL } from '../lib/endpoints/session';
import { openModal, requireMember } from '../ui/modals';
import { showToast } from '../ui/toasts';
import { syncLocation, useHydrated } from '../router';
import { selectUser, useUser } from '../user/user-store';
import { CLOSE, Icon } from '../ui/icons/icons';
import styles from './feed.module.css';

/** posts-and-feeds.md §2 "List view behaviour": the banners above the main lists and the home page's msg query. */

export const POLITICS_TEXT = 'Want fewer political content?';
export const POLITICS_TAG = 'politics';
/** Remembered in this browser (the spec keeps the dismissal with the user state; ours outlives a logout too). */
export const POLITICS_DISMISSED_KEY = 'politicsBannerDismissed';

const readDismissed = () => {
  try {
    return localStorage.getItem(POLITICS_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/** 'Want fewer political content?' with Block tags; gone once dismissed, or once politics is among the blocked tags. */
export function PoliticsBanner() {
  // The server cannot read the dismissal: its HTML and the hydrating render show the banner, the next one decides.
  const hydrated = useHydrated();
  const [dismissedNow, setDismissed] = useState(false);
  const dismissed = dismissedNow || (hydrated && readDismissed());
  const blocksPolitics = useUser((s) => s.info.blockTags.some((t) => t.toLowerCase() === POLITICS_TAG));
  if (dismissed || blocksPolitics) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(POLITICS_DISMISSED_KEY, '1');
    } catch {
      // Storage disabled: dismissed for this page only.
    }
  };
  return (
    <div className={styles.notice} data-testid="politics-banner">
      <p>{POLITICS_TEXT}</p>
      <button
        type="button"
        className={styles.noticeButton}
        onClick={() => {
          if (requireMember('banner')) openModal('blocked-tags', { tags: [POLITICS_TAG] });
        }}
      >
        Block tags
      </button>
      <button type="button" className={styles.noticeDismiss} aria-label="Dismiss" onClick={dismiss}>
        <Icon d={CLOSE} />
      </button>
    </div>
  );
}

export const RESEND_URL = RESEND_CONFIRMATION_URL;
export const CHANGE_EMAIL_URL = '/settings/account';

/** The home list only: a member with a pending email, or an unverified one, is asked to confirm it. */
export function VerifyEmailBanner() {
  const user = useUser(selectUser);
  const hydrated = useHydrated();
  if (!hydrated || !user || (!user.pendingEmail && user.isVerified.email)) return null;
  const email = user.pendingEmail ?? user.email;
  return (
    <div className={styles.notice} data-testid="verify-email-banner">
      <p>
        Please verify your email address{email ? <> <strong>{email}</strong></> : null}. Check your inbox for the link we sent you.
      </p>
      {/* §7: resending is a full-page navigation; the server comes back to /?msg=… */}
      <a className={styles.noticeButton} href={RESEND_URL}>
        Resend email
      </a>
      <a className={styles.noticeLink} href={CHANGE_EMAIL_URL}>
        Change email
      </a>
    </div>
  );
}

/** §2: shows the msg parameter's message (its texts, ./msg-messages, load only when there is one), then takes the parameter out of the URL (the history entry is replaced). */
export function useMsgParam(): void {
  useEffect(() => {
    const url = new URL(window.location.href);
    const msg = url.searchParams.get('msg');
    if (msg === null) return;
    void import('./msg-messages').then(({ MSG_MESSAGES }) => {
      const message = MSG_MESSAGES[msg];
      if (message) showToast(message.text, message.kind);
    });
    url.searchParams.delete('msg');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    syncLocation();
  }, []);
}

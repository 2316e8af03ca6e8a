import { useId, useState, type FormEvent } from 'react';
import { addWords, type WordListKind } from '../account/account-api';
import { newEntries, WORDS_PLACEHOLDER } from '../account/settings/word-list';
import { useSiteConfig } from '../config';
import { errorMessage } from '../lib/api';
import { sendReport } from '../lib/endpoints/lists';
import { Dialog } from '../ui/dialog';
import type { ModalComponentProps } from '../ui/modals';
import { showToast } from '../ui/toasts';
import { userStore, useUser } from '../user/user-store';
import { reportPost, setUserBlocked } from './post-actions';
import { updateUserInfo } from '../user/user-store';
import { BLOCKING_REASONS, POST_REPORT_REASONS } from './report-reasons';
import styles from './post-modals.module.css';

/**
 * The feed's modals (shell-and-account.md §2 "Modals"): report, block user, blocked titles (mute list) and blocked
 * tags. They load on first use; feed/index.tsx registers them with the modal host.
 */

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

export const USER_REPORTED_MESSAGE = 'User reported. You can also block this user.';

/** Report a post ({postId}) or a profile ({username, accountId}); closing cancels it (nothing is sent). */
export function ReportModal({ props, close }: ModalComponentProps) {
  const postId = text(props['postId']);
  const username = text(props['username']);
  const [reason, setReason] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const group = useId();
  const { appName } = useSiteConfig();
  const subject = postId ? 'post' : 'user';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason === null || sending) return;
    setSending(true);
    const ok = postId ? await reportPost(postId, reason, appName) : await reportProfile(username, text(props['accountId']), reason);
    setSending(false);
    if (ok) close();
  }

  return (
    <Dialog title={postId ? 'Report post' : `Report @${username}`} onClose={close}>
      <form onSubmit={(event) => void submit(event)}>
        <fieldset className={styles.fieldset}>
          <legend>Why are you reporting this {subject}?</legend>
          {POST_REPORT_REASONS.map((r) => (
            <label key={r.value} className={styles.choice}>
              <input type="radio" name={group} value={r.value} checked={reason === r.value} onChange={() => setReason(r.value)} />
              {r.label}
            </label>
          ))}
        </fieldset>
        {postId && reason !== null && BLOCKING_REASONS.includes(reason) && (
          <p className={styles.note}>You will not see posts from its uploader any more.</p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={styles.primary} disabled={reason === null || sending}>
            Report
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** §4 "Blocking a user": after reporting a user, 'User reported. You can also block this user.' with a Block action. */
async function reportProfile(username: string, accountId: string, reason: number): Promise<boolean> {
  try {
    await sendReport({ username }, reason);
  } catch (error) {
    showToast(errorMessage(error), 'error');
    return false;
  }
  showToast(USER_REPORTED_MESSAGE, 'info', accountId ? { action: { label: 'Block', run: () => void setUserBlocked({ accountId, username }, true) } } : {});
  return true;
}

/** §4 "Blocking a user": confirm, then block, then close. */
export function BlockUserModal({ props, close }: ModalComponentProps) {
  const accountId = text(props['accountId']);
  const username = text(props['username']);
  const [sending, setSending] = useState(false);
  return (
    <Dialog title={`Block @${username}?`} onClose={close}>
      <p className={styles.note}>You won’t see posts and comments from @{username}. You can unblock them in Settings.</p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className={styles.primary}
          disabled={sending}
          data-autofocus
          onClick={async () => {
            setSending(true);
            const ok = await setUserBlocked({ accountId, username }, true);
            setSending(false);
            if (ok) close();
          }}
        >
          Block
        </button>
      </div>
    </Dialog>
  );
}

/** The words of a title worth offering for the mute list: letters and digits, each once, in order. */
export function titleWords(title: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const word of title.split(/[^\p{L}\p{N}'’-]+/u)) {
    const clean = word.replace(/^['’-]+|['’-]+$/g, '');
    if (clean.length < 2 || seen.has(clean.toLowerCase())) continue;
    seen.add(clean.toLowerCase());
    words.push(clean);
  }
  return words;
}

/** Blocked titles ({title}): choose words of the post's title, or type others; they join the mute list. */
export function BlockedTitlesModal({ props, close }: ModalComponentProps) {
  return <WordChoice kind="mute" title="Block words in titles" choices={titleWords(text(props['title']))} preselected={false} close={close} />;
}

/** Blocked tags ({tags}): the post's tag keys (or politics, from the banner), checked; they join the blocked tags. */
export function BlockedTagsModal({ props, close }: ModalComponentProps) {
  return <WordChoice kind="tag" title="Block tags" choices={texts(props['tags'])} preselected close={close} />;
}

function WordChoice({ kind, title, choices, preselected, close }: { kind: WordListKind; title: string; choices: string[]; preselected: boolean; close: () => void }) {
  const field = kind === 'mute' ? 'muteList' : 'blockTags';
  const current = useUser((s) => s.info[field]);
  const [picked, setPicked] = useState<string[]>(() => (preselected ? choices : []));
  const [input, setInput] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const known = new Set(current.map((c) => c.toLowerCase()));
  const typedId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    // shell §5: split on commas, trim, drop empties; only entries not already present are sent, none = no call.
    const fresh = newEntries([...picked, input].join(','), current, kind === 'tag');
    if (fresh.length === 0) {
      close();
      return;
    }
    setSending(true);
    setError(null);
    try {
      const { list } = await addWords(kind, fresh.join(','));
      // shell §4: the list is replaced by the one the server returns on success.
      updateUserInfo(() => ({ [field]: list }));
      void userStore.getState().refresh({ force: true });
      close();
    } catch (e) {
      setError(errorMessage(e));
      setSending(false);
    }
  }

  return (
    <Dialog title={title} onClose={close}>
      <form onSubmit={(event) => void submit(event)}>
        {choices.length > 0 && (
          <fieldset className={styles.fieldset}>
            <legend>{kind === 'mute' ? 'Hide posts whose title has these words:' : 'Hide posts with these tags:'}</legend>
            {choices.map((choice) => {
              const blocked = known.has(choice.toLowerCase());
              return (
                <label key={choice} className={styles.choice}>
                  <input
                    type="checkbox"
                    checked={blocked || picked.includes(choice)}
                    disabled={blocked}
                    onChange={(e) => setPicked((list) => (e.target.checked ? [...list, choice] : list.filter((c) => c !== choice)))}
                  />
                  {choice}
                  {blocked && <span className={styles.muted}> (blocked)</span>}
                </label>
              );
            })}
          </fieldset>
        )}
        <label htmlFor={typedId} className={styles.label}>
          {kind === 'mute' ? 'Other words' : 'Other tags'}
        </label>
        <input id={typedId} className={styles.input} placeholder={WORDS_PLACEHOLDER} value={input} onChange={(e) => setInput(e.target.value)} maxLength={5000} />
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={styles.primary} disabled={sending || (picked.length === 0 && input.trim() === '')}>
            Block
          </button>
        </div>
      </form>
    </Dialog>
  );
}

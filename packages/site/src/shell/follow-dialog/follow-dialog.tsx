import { useEffect, useState } from 'react';
import { displayTag } from '../../tags/canonical';
import { changeFollowing, useFollowed, type FollowKind } from '../../tags/followed-pages';
import { interestKey, useInterests } from '../../tags/interests';
import { useTags } from '../../tags/tag-store';
import { userStore } from '../../user/user-store';
import { Dialog } from '../../ui/dialog';
import type { ModalComponentProps } from '../../ui/modals/modal-registry';
import styles from './follow-dialog.module.css';

/** §9: at least 3 interests when following as part of signup. */
export const MIN_SIGNUP_INTERESTS = 3;

/**
 * shell-and-account.md §4 "Follow dialog": step 0 Interests, step 1 Tags. Next is disabled with no followed interest
 * (fewer than 3 in signup mode); Skip on step 0 closes; closing in signup mode marks the initial follow as finished.
 * Props: `{ signup?: boolean }`.
 */
export function FollowDialog({ props, close }: ModalComponentProps) {
  const signup = props.signup === true;
  const [step, setStep] = useState<0 | 1>(0);
  const [busy, setBusy] = useState<string | null>(null);
  const interests = useInterests((s) => s.interests);
  const interestsLoaded = useInterests((s) => s.loaded);
  const loadInterests = useInterests((s) => s.load);
  const pages = useFollowed((s) => s.pages);
  const popular = useTags((s) => s.popular);
  const adultMode = userStore.getState().info.user?.nsfwMode ?? false;

  useEffect(() => {
    if (!interestsLoaded) loadInterests().catch(() => undefined);
  }, [interestsLoaded, loadInterests]);

  const follows = (kind: FollowKind, key: string) => pages.some((p) => p.kind === kind && p.key === key);
  const followedInterests = pages.filter((p) => p.kind === 'interest').length;
  const canGoOn = followedInterests >= (signup ? MIN_SIGNUP_INTERESTS : 1);

  const finish = () => {
    if (signup) userStore.getState().saveSettings({ initialFollowFinished: '1' }).catch(() => undefined);
    close();
  };

  const toggle = async (kind: FollowKind, key: string, name: string) => {
    setBusy(`${kind}:${key}`);
    try {
      await changeFollowing(kind, key, !follows(kind, key), name);
    } finally {
      setBusy(null);
    }
  };

  const tagChoices = [...new Map([...pages.filter((p) => p.kind === 'tag').map((p) => [p.key, p.name] as const), ...popular.map((t) => [t.key, displayTag(t.key)] as const)])];
  const shownInterests = interests.filter((i) => adultMode || !i.isSensitive);

  return (
    <Dialog title={step === 0 ? 'Follow interests' : 'Follow tags'} onClose={finish} wide>
      {step === 0 ? (
        <>
          <p className={styles.lead}>
            {signup ? `Pick at least ${MIN_SIGNUP_INTERESTS} interests to fill your home with memes you like.` : 'Pick the interests you want to see more of.'}
          </p>
          {!interestsLoaded && <p className={styles.status} role="status">Loading interests…</p>}
          <ul className={styles.grid} aria-label="Interests">
            {shownInterests.map((interest) => {
              const key = interestKey(interest);
              return (
                <li key={key}>
                  <button
                    type="button"
                    className={styles.chip}
                    aria-pressed={follows('interest', key)}
                    disabled={busy === `interest:${key}`}
                    onClick={() => void toggle('interest', key, interest.name)}
                  >
                    {interest.name}
                  </button>
                </li>
              );
            })}
          </ul>
          <div className={styles.footer}>
            <button type="button" onClick={finish}>
              Skip
            </button>
            <button type="button" className={styles.primary} disabled={!canGoOn} onClick={() => setStep(1)}>
              Next
            </button>
          </div>
        </>
      ) : (
        <>
          <p className={styles.lead}>Follow tags to see their newest posts on your home.</p>
          {tagChoices.length === 0 ? (
            <p className={styles.status}>No tags to suggest yet.</p>
          ) : (
            <ul className={styles.grid} aria-label="Tags">
              {tagChoices.map(([key, name]) => (
                <li key={key}>
                  <button type="button" className={styles.chip} aria-pressed={follows('tag', key)} disabled={busy === `tag:${key}`} onClick={() => void toggle('tag', key, name)}>
                    {name}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className={styles.footer}>
            <button type="button" onClick={() => setStep(0)}>
              Back
            </button>
            <button type="button" className={styles.primary} onClick={finish}>
              Done
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

export default FollowDialog;

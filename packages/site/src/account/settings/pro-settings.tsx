import { useState } from 'react';
import { userStore, type MainUser } from '../../user';
import styles from '../account.module.css';
import { useSave } from './use-save';

/** user-info's proSettings (server accounts service): hideAds defaults on, hidePromotedPosts off. */
export type ProSettings = { hideAds: boolean; hidePromotedPosts: boolean };
export type ProUser = MainUser & { proSettings?: Partial<ProSettings> };

export const proSettingsOf = (user: ProUser): ProSettings => ({
  hideAds: user.proSettings?.hideAds !== false,
  hidePromotedPosts: user.proSettings?.hidePromotedPosts === true,
});

const TOGGLES: Array<{ key: keyof ProSettings; label: string }> = [
  { key: 'hideAds', label: 'Hide ads' },
  { key: 'hidePromotedPosts', label: 'Hide promoted posts' },
];

/**
 * shell-and-account.md §1 "An active Pro user may hide ads (proSettings.hideAds, default on)" and posts-and-feeds.md
 * §1 "An active Pro member may hide promoted posts": each toggle saves at once; nothing shows for other members.
 */
export function ProSettingsPanel({ user, saved }: { user: ProUser; saved: string }) {
  const [values, setValues] = useState(() => proSettingsOf(user));
  const { busy, error, run } = useSave();
  if (!user.isActivePro) return null;
  const change = async (key: keyof ProSettings, value: boolean) => {
    const before = values;
    setValues({ ...values, [key]: value });
    const ok = await run(() => userStore.getState().saveSettings({ [key]: value ? '1' : '0' }), saved);
    if (!ok) setValues(before);
  };
  return (
    <div role="group" aria-labelledby="pro-settings-title">
      <h2 id="pro-settings-title">Pro</h2>
      {TOGGLES.map((t) => (
        <label className={styles.check} key={t.key}>
          <input type="checkbox" name={t.key} checked={values[t.key]} disabled={busy} onChange={(e) => void change(t.key, e.target.checked)} />
          {t.label}
        </label>
      ))}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

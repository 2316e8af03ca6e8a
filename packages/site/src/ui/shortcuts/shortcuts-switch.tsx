import { useSyncExternalStore } from 'react';
import { setShortcutsEnabled, shortcutsEnabled, subscribeShortcutsSetting } from './shortcuts';

/** The setting as saved in this browser, kept current wherever it is switched. */
const useShortcutsEnabled = (): boolean => useSyncExternalStore(subscribeShortcutsSetting, shortcutsEnabled, () => true);

/** The on/off switch of the keyboard shortcuts, the same in the `?` legend and in Settings. */
export function ShortcutsSwitch({ className }: { className?: string | undefined }) {
  const enabled = useShortcutsEnabled();
  return (
    <label className={className}>
      <input type="checkbox" checked={enabled} onChange={(event) => setShortcutsEnabled(event.target.checked)} />
      Use keyboard shortcuts
    </label>
  );
}

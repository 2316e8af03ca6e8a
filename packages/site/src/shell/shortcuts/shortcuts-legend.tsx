import { useState } from 'react';
import { Dialog } from '../dialog';
import type { ModalComponentProps } from '../modals/modal-registry';
import { SHORTCUTS, setShortcutsEnabled, shortcutsEnabled } from './shortcuts';
import styles from './shortcuts-legend.module.css';

/** The `?` legend, with the setting that turns the shortcuts off. */
export function ShortcutsLegend({ close }: ModalComponentProps) {
  const [enabled, setEnabled] = useState(shortcutsEnabled);
  return (
    <Dialog title="Keyboard shortcuts" onClose={close}>
      <dl className={styles.list}>
        {SHORTCUTS.map((s) => (
          <div key={s.keys} style={{ display: 'contents' }}>
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{s.label}</dd>
          </div>
        ))}
      </dl>
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => {
            setShortcutsEnabled(event.target.checked);
            setEnabled(event.target.checked);
          }}
        />
        Use keyboard shortcuts
      </label>
    </Dialog>
  );
}

export default ShortcutsLegend;

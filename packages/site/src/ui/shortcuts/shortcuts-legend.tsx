import { Dialog } from '../dialog';
import type { ModalComponentProps } from '../modals/modal-registry';
import { SHORTCUTS } from './shortcuts';
import { ShortcutsSwitch } from './shortcuts-switch';
import styles from './shortcuts-legend.module.css';

/** The `?` legend, with the setting that turns the shortcuts off. */
export function ShortcutsLegend({ close }: ModalComponentProps) {
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
      <ShortcutsSwitch className={styles.toggle} />
    </Dialog>
  );
}

export default ShortcutsLegend;

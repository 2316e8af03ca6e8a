import { useEffect, useId, useRef, useState, type DragEvent, type Ref } from 'react';
import { firstFile } from './file-check';
import styles from './upload.module.css';

type Props = {
  ref?: Ref<HTMLInputElement>;
  label: string;
  accept: string;
  hint: string;
  /** The name of the file kept, shown in the zone. */
  chosen: string | null;
  disabled?: boolean;
  onFile: (file: File) => void;
};

/** A file pasted anywhere on the page (a screenshot, a copied image) goes to `onFile` while `enabled`; text pastes as usual. */
export function usePastedFile(enabled: boolean, onFile: (file: File) => void): void {
  const latest = useRef(onFile);
  useEffect(() => {
    latest.current = onFile;
  });
  useEffect(() => {
    if (!enabled) return;
    const onPaste = (event: ClipboardEvent) => {
      const pasted = firstFile(event.clipboardData);
      if (!pasted) return;
      event.preventDefault();
      latest.current(pasted);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [enabled]);
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * The upload's file area: a real <label>/<input type=file> pair styled as a button ("Choose a file"), which is
 * also a drop zone. While a file is dragged over it the zone says "Drop it here". The checks are the caller's
 * (onFile), the same for a chosen, dropped or pasted file.
 */
export function FileDrop({ ref, label, accept, hint, chosen, disabled = false, onFile }: Props) {
  const id = useId();
  const [over, setOver] = useState(false);

  // A file dropped beside the zone must not make the browser leave the page (and the form) to open it.
  useEffect(() => {
    const keep = (event: globalThis.DragEvent) => {
      if (Array.from(event.dataTransfer?.types ?? []).includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);

  const onDragOver = (event: DragEvent) => {
    if (disabled || !hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const file = firstFile(event.dataTransfer);
    if (file) onFile(file);
  };

  return (
    <div
      className={`${styles.dropZone} ${over ? styles.dropOver : ''}`}
      data-drop-state={over ? 'over' : 'idle'}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <label className={styles.dropLabel} htmlFor={`${id}-input`}>
        {label}
      </label>
      <input
        ref={ref}
        id={`${id}-input`}
        className={styles.fileInput}
        type="file"
        accept={accept}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
        }}
      />
      <label className={styles.chooser} htmlFor={`${id}-input`} aria-hidden="true">
        {chosen ? 'Choose another file' : 'Choose a file'}
      </label>
      <p className={styles.dropText} aria-live="polite">
        {over ? 'Drop it here' : chosen ? `Chosen: ${chosen}` : 'or drag it here, or paste it'}
      </p>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
    </div>
  );
}

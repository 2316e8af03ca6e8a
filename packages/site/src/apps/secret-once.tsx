import { useState } from 'react';
import { showToast } from '../ui/toasts';
import styles from './apps.module.css';

/** Copies `text`; says so in a toast (or how to copy by hand when the browser refuses). */
export function CopyButton({ text, label = 'Copy', what }: { text: string; label?: string; what: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={styles.secondary}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true);
            showToast(`${what} copied.`);
          },
          () => showToast(`Could not copy the ${what.toLowerCase()}. Select it and copy it by hand.`, 'error'),
        );
      }}
    >
      {copied ? 'Copied' : label}
    </button>
  );
}

/** The app's secret, shown this once: a copy button and the warning that it will not be shown again. */
export function SecretOnce({ secret }: { secret: string }) {
  return (
    <div className={styles.secret}>
      <p className={styles.warning} role="note">
        <strong>Copy the secret now: it is not shown again.</strong> Keep it on your server (it signs your readers’ tokens);
        never put it in a page. If it leaks, rotate it.
      </p>
      <div className={styles.secretRow}>
        <code className={styles.secretValue} aria-label="App secret">{secret}</code>
        <CopyButton text={secret} label="Copy secret" what="Secret" />
      </div>
    </div>
  );
}

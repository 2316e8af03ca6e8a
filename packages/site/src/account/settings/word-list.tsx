import { useState, type FormEvent } from 'react';
import { userStore, useUser } from '../../user';
import { addWords, removeWords, type WordListKind } from '../account-api';
import styles from '../account.module.css';
import { useSave } from './use-save';

export const WORDS_PLACEHOLDER = 'You can add multiple words or phrases, separate by commas.';

/** shell §5: split on commas, trim, drop empties; only entries not already present are sent. */
export function newEntries(input: string, current: readonly string[], lowercase = false): string[] {
  const known = new Set(current.map((c) => c.toLowerCase()));
  const out: string[] = [];
  for (let item of input.split(',')) {
    item = item.trim();
    if (lowercase) item = item.toLowerCase();
    if (!item || known.has(item.toLowerCase())) continue;
    known.add(item.toLowerCase());
    out.push(item);
  }
  return out;
}

/** The mute list (blocked words in titles) or the blocked tags: the list is replaced by the server's on Success. */
export function WordList({ kind, title, intro }: { kind: WordListKind; title: string; intro: string }) {
  const field = kind === 'mute' ? 'muteList' : 'blockTags';
  const list = useUser((s) => s.info[field]);
  const [input, setInput] = useState('');
  const { busy, error, run } = useSave();

  const replace = (next: string[]) => {
    userStore.setState((s) => ({ info: { ...s.info, [field]: next } }));
    // Stores the new list in userState as well.
    void userStore.getState().refresh({ force: true });
  };

  async function add(event: FormEvent) {
    event.preventDefault();
    const fresh = newEntries(input, list, kind === 'tag');
    if (fresh.length === 0) {
      setInput('');
      return;
    }
    const ok = await run(async () => replace((await addWords(kind, fresh.join(','))).list));
    if (ok) setInput('');
  }

  return (
    <div className={styles.panel}>
      <h1>{title}</h1>
      <p className={styles.info}>{intro}</p>
      <form className={styles.row} onSubmit={add}>
        <input
          aria-label={title}
          placeholder={WORDS_PLACEHOLDER}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          maxLength={5000}
        />
        <button className={styles.primary} type="submit" disabled={busy || input.trim() === ''}>
          Add
        </button>
      </form>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {list.length === 0 ? (
        <p className={styles.info}>No blocked</p>
      ) : (
        <ul className={styles.list} aria-label={`${title} entries`}>
          {list.map((word) => (
            <li key={word}>
              <span>{word}</span>
              <button
                type="button"
                className={styles.secondary}
                disabled={busy}
                aria-label={`Remove ${word}`}
                onClick={() => void run(async () => replace((await removeWords(kind, word)).list))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

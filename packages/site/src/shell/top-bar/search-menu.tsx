import { useId, useState, type FormEvent } from 'react';
import { navigate } from '../../router';
import styles from './top-bar.module.css';

/** The search popup: pushes /search?query={text} (shell-and-account.md §2). */
export function SearchPopup({ onDone }: { onDone: () => void }) {
  const [query, setQuery] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    navigate(`/search?${new URLSearchParams({ query: text })}`);
    onDone();
  };
  return (
    <form role="search" className={styles.searchForm} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search memes
      </label>
      <input id={id} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search" autoFocus maxLength={200} />
      <button type="submit">Search</button>
    </form>
  );
}

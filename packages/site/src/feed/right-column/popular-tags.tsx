import { useEffect, useMemo } from 'react';
import { Link, useLocation } from '../../router';
import { displayTag } from '../../tags/canonical';
import { selectPopular, tagStore, useTags } from '../../tags/tag-store';
import styles from './right-column.module.css';

/**
 * The right column's Popular tags: the drawer's popular list (shell-and-account.md §4 Tag lists: the first 10 not
 * favourited or hidden, from GET /v1/config), each a link to its tag page; the tag being read is marked current.
 */
export function PopularTags() {
  const popular = useTags((s) => s.popular);
  const favorites = useTags((s) => s.favorites);
  const hidden = useTags((s) => s.hidden);
  const tags = useMemo(() => selectPopular({ popular, favorites, hidden, recents: [], other: [] }), [popular, favorites, hidden]);
  const { pathname } = useLocation();
  useEffect(() => {
    // The shell asks for them at start; a failed first try is retried here, once.
    if (popular.length === 0) tagStore.getState().loadPopular().catch(() => undefined);
  }, [popular.length]);
  if (tags.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="right-column-tags">
      <h2 id="right-column-tags" className={styles.title}>
        Popular tags
      </h2>
      <ul className={styles.tags}>
        {tags.map((tag) => (
          <li key={tag.key}>
            <Link className={styles.tag} href={tag.url} aria-current={pathname === tag.url || pathname.startsWith(`${tag.url}/`) ? 'page' : undefined}>
              #{displayTag(tag.key)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

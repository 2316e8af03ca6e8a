import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from '../router';
import { usePageTitle } from '../ui/page-title';
import { FeedList } from './feed-list';
import { homeListPath, homePageType } from './list-routes';
import styles from './feed.module.css';

/**
 * Links inside `box` open in a new top-level tab: a plain click gets target _blank and is kept from the site's
 * router (its Link handles clicks where React listens, at the root, after this listener on the way up).
 */
export function useLinksInNewTab(box: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || !el.contains(link)) return;
      link.target = '_blank';
      link.rel = 'noopener';
      event.stopPropagation();
    };
    el.addEventListener('click', onClick);
    return () => el.removeEventListener('click', onClick);
  }, [box]);
}

/**
 * /embed/home and /embed/fresh (§2, shell-and-account.md: embed mode has no chrome): the list alone, its type the
 * address's last segment. A page of its own, loaded by those routes only (not part of the home route's script).
 */
export function EmbedListPage() {
  const type = useLocation().pathname.replace(/\/+$/, '').endsWith('/fresh') ? 'fresh' : 'home';
  usePageTitle(homePageType(type, undefined));
  const box = useRef<HTMLDivElement>(null);
  useLinksInNewTab(box);
  return (
    <div ref={box} className={styles.page} data-testid="embed-list">
      <h1 className={styles.visuallyHidden}>{type === 'fresh' ? 'Fresh' : 'Home'}</h1>
      <FeedList key={homeListPath(type, undefined)} path={homeListPath(type, undefined)} />
    </div>
  );
}

export default EmbedListPage;

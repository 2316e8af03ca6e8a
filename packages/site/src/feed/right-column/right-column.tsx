import { useLocation } from '../../router';
import { PopularTags } from './popular-tags';
import { TrendingPosts } from './trending-posts';
import styles from './right-column.module.css';

/**
 * The right column of the list pages when no ad fills the side column (issue #23): popular tags, then trending
 * posts (left out on the Trending list itself, which is the feed beside it).
 */
export function RightColumn() {
  const { pathname } = useLocation();
  return (
    <aside className={styles.column} aria-label="Popular tags and trending posts" data-testid="right-column">
      <PopularTags />
      {pathname !== '/trending' && <TrendingPosts />}
    </aside>
  );
}

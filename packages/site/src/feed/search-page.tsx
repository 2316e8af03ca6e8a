import { useSearchParam } from '../router';
import { usePageTitle } from '../ui/page-title';
import { FeedList } from './feed-list';
import { SEARCH_PATH } from './list-routes';
import styles from './feed.module.css';

/**
 * /search?query= (the search form pushes here): the results as a list; none is a designed state (empty-feed/).
 * A page of its own, out of the home route's script; the server links its chunk when it renders it.
 */
export function SearchListPage() {
  const query = useSearchParam('query') ?? '';
  usePageTitle('search');
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{query ? `Search: ${query}` : 'Search'}</h1>
      <FeedList key={`search:${query}`} path={SEARCH_PATH} query={{ query }} />
    </div>
  );
}

export default SearchListPage;

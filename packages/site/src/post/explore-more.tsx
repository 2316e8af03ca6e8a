import { useEffect, useState } from 'react';
import { OFFENSIVE_TITLE } from '../feed/offensive-mask';
import { MaskCover } from '../feed/mask-cover';
import { SENSITIVE_TITLE } from '../feed/post-card';
import { postPath, type Post } from '../feed/post-types';
import { showsOffensiveMask, showsSensitiveMask, useUnmasked, useViewAllOffensive } from '../feed/visibility';
import { getRelatedArticles } from '../lib/endpoints/posts';
import { Link } from '../router';
import { useUser } from '../user/user-store';
import styles from './explore-more.module.css';

export const EXPLORE_MORE = 'Explore More';

/** §2: the related articles of an Article post, in a carousel titled Explore More; nothing when there are none. */
export function ExploreMore({ postId }: { postId: string }) {
  const [articles, setArticles] = useState<Post[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    getRelatedArticles(postId, controller.signal)
      .then((reply) => setArticles(reply.posts))
      // A side carousel: without it the article still reads whole.
      .catch(() => undefined);
    return () => controller.abort();
  }, [postId]);
  if (articles.length === 0) return null;
  return (
    <section className={styles.explore} aria-labelledby="explore-more">
      <h2 id="explore-more" className={styles.heading}>
        {EXPLORE_MORE}
      </h2>
      <ul className={styles.track}>
        {articles.map((article) => (
          <ExploreItem key={article.id} article={article} />
        ))}
      </ul>
    </section>
  );
}

/**
 * One article of the carousel. posts-and-feeds.md §4/§5: an nsfw or offensive article is masked as in the feeds, by the
 * same rules (visibility.ts); its picture gives way to the mask's title, and the link opens the post, where the mask's
 * View is.
 */
function ExploreItem({ article }: { article: Post }) {
  const info = useUser((s) => s.info);
  const unmaskedHere = useUnmasked(article.id);
  const viewAll = useViewAllOffensive(article.id);
  const mask = showsOffensiveMask(article, info, unmaskedHere, viewAll) ? OFFENSIVE_TITLE : showsSensitiveMask(article, info, unmaskedHere) ? SENSITIVE_TITLE : null;
  const image = article.images.image460 ?? article.images.image700;
  return (
    <li className={styles.item}>
      <Link href={postPath(article)} className={styles.link}>
        {mask ? (
          <span className={styles.mask} data-testid="explore-mask">
            <MaskCover post={article} className={styles.maskCover} />
            {mask}
          </span>
        ) : (
          image && <img src={image.webpUrl ?? image.url} alt="" width={image.width} height={image.height} loading="lazy" className={styles.image} />
        )}
        <span className={styles.title}>{article.title}</span>
      </Link>
    </li>
  );
}

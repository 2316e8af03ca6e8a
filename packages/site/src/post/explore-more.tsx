import { useEffect, useState } from 'react';
import { postPath, type ListReply, type Post } from '../feed/post-types';
import { apiGet } from '../lib/api';
import { Link } from '../router';
import styles from './explore-more.module.css';

export const EXPLORE_MORE = 'Explore More';

/** §2: the related articles of an Article post, in a carousel titled Explore More; nothing when there are none. */
export function ExploreMore({ postId }: { postId: string }) {
  const [articles, setArticles] = useState<Post[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    apiGet<ListReply>('/v1/related-articles', { query: { id: postId }, signal: controller.signal })
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
        {articles.map((article) => {
          const image = article.images.image460 ?? article.images.image700;
          return (
            <li key={article.id} className={styles.item}>
              <Link href={postPath(article)} className={styles.link}>
                {image && <img src={image.webpUrl ?? image.url} alt="" width={image.width} height={image.height} loading="lazy" className={styles.image} />}
                <span className={styles.title}>{article.title}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

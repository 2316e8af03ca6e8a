import { useEffect, useMemo } from 'react';
import { abbreviateNumber } from '../../lib/format';
import { Link } from '../../router';
import { hasHiddenTag, useTags } from '../../tags/tag-store';
import { useUser } from '../../user/user-store';
import { postPath, type Post } from '../post-types';
import { commentLabel, isMutedForViewer, isVoteMasked, showsOffensiveMask, showsSensitiveMask, useUnmasked, useViewAllOffensive } from '../visibility';
import { TRENDING_COUNT, trendingStore, useTrending } from './trending-store';
import styles from './right-column.module.css';

/** "25 points · 15 comments"; a post whose votes are masked shows its comments only (§5). */
export function trendingMeta(post: Pick<Post, 'upVoteCount' | 'commentsCount' | 'type'>, votesMasked: boolean): string {
  const comments = `${abbreviateNumber(post.commentsCount)} ${commentLabel(post.commentsCount, post.type === 'ForumPost').toLowerCase()}`;
  if (votesMasked) return comments;
  return `${abbreviateNumber(post.upVoteCount)} ${post.upVoteCount === 1 ? 'point' : 'points'} · ${comments}`;
}

/**
 * The right column's Trending: the first posts of the Trending list, each a small picture, its title and its points
 * and comments, linking to the post. Asked for once the page has loaded (its pictures after the feed's own); the
 * viewer's hidden tags, muted words and blocked users are left out as in the lists.
 */
export function TrendingPosts() {
  const all = useTrending((s) => s.posts);
  const hidden = useTags((s) => s.hidden);
  const info = useUser((s) => s.info);
  const posts = useMemo(
    () =>
      all
        .filter((p) => !hasHiddenTag(p.tags, hidden) && !isMutedForViewer(p, info) && !(p.creator && info.blocklistIds.includes(p.creator.accountId)))
        .slice(0, TRENDING_COUNT),
    [all, hidden, info],
  );
  useEffect(() => {
    const load = () => void trendingStore.getState().load();
    if (document.readyState === 'complete') return load();
    window.addEventListener('load', load, { once: true });
    return () => window.removeEventListener('load', load);
  }, []);
  if (posts.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="right-column-trending">
      <div className={styles.sectionHead}>
        <h2 id="right-column-trending" className={styles.title}>
          Trending
        </h2>
        {/* No "See all" to /trending: the drawer and the lists' tabs link it already, and a third link is the
            navigation shown three times that issue #23 took away (e2e site-finish counts them). */}
      </div>
      <ol className={styles.posts}>
        {posts.map((post) => (
          <TrendingItem key={post.id} post={post} />
        ))}
      </ol>
    </section>
  );
}

/** The thumbnail follows the card's masks (§5): a sensitive or offensive post shows its blurred cover and the mask's name. */
function TrendingItem({ post }: { post: Post }) {
  const info = useUser((s) => s.info);
  const unmasked = useUnmasked(post.id);
  const viewAll = useViewAllOffensive(post.id);
  const mask = showsSensitiveMask(post, info, unmasked) ? 'Sensitive' : showsOffensiveMask(post, info, unmasked, viewAll) ? 'Offensive' : null;
  const picture = post.images.image460c ?? post.images.image460 ?? post.images.image700;
  return (
    <li>
      <Link className={styles.post} href={postPath(post)}>
        <span className={styles.thumb} data-mask={mask ?? undefined}>
          {mask ? (
            <>
              {post.maskCoverUrl && <img className={styles.cover} src={post.maskCoverUrl} alt="" />}
              <span className={styles.maskName}>{mask}</span>
            </>
          ) : picture ? (
            <img src={picture.webpUrl ?? picture.url} alt="" width={64} height={64} loading="lazy" decoding="async" />
          ) : (
            <span className={styles.textThumb} aria-hidden="true">
              Aa
            </span>
          )}
        </span>
        <span className={styles.postText}>
          <span className={styles.postTitle}>{post.title}</span>
          <span className={styles.meta}>{trendingMeta(post, isVoteMasked(post, info))}</span>
        </span>
      </Link>
    </li>
  );
}

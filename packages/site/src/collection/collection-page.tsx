import { useEffect, useState } from 'react';
import { FeedList } from '../feed/feed-list';
import { MaskedContent, PostHeader } from '../feed/post-card';
import { Picture } from '../feed/post-media';
import { postListStore, usePostList } from '../feed/post-store';
import { errorMessage, isApiFailure } from '../lib/api';
import { COLLECTION_POSTS_PATH, getPost } from '../lib/endpoints/posts';
import { pageData } from '../lib/page-data';
import { useLocation, type RouteProps } from '../router';
import { usePageTitle } from '../ui/page-title';
import { ArticleBlocks, Markdown } from '../post/article';
import styles from './collection.module.css';

type Load = { status: 'loading' } | { status: 'ready' } | { status: 'missing' | 'error'; message: string };

/**
 * The collection page /collection/{postId}/{title?} (posts-and-feeds.md §2): cover photo, title, description, creator,
 * article content, the source link, then its posts. Its exceptions: no comment link, save, award, 'No more posts',
 * block user nor hide, and votes always masked (the list's `collection` place and visibility.ts see to those).
 */
export default function CollectionPage({ params }: RouteProps) {
  const postId = params['postId'] ?? '';
  const post = usePostList((s) => s.posts[postId]);
  const putPost = usePostList((s) => s.putPost);
  const { pathname } = useLocation();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  usePageTitle({ type: 'post', title: post?.title ?? 'Collection' });

  useEffect(() => {
    // The server drew this page with the collection post (in the posts store): it is not asked again.
    if (pageData(pathname) && postListStore.getState().posts[postId]?.type === 'CollectionPage') {
      setLoad({ status: 'ready' });
      return;
    }
    const controller = new AbortController();
    getPost(postId, controller.signal)
      .then((reply) => {
        if (reply.post.type !== 'CollectionPage') {
          setLoad({ status: 'missing', message: 'This post is not a collection page.' });
          return;
        }
        putPost(reply.post);
        setLoad({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad(isApiFailure(error) && error.status === 404 ? { status: 'missing', message: error.message } : { status: 'error', message: errorMessage(error) });
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page data is read for this post's address once
  }, [postId, putPost]);

  if (load.status === 'missing' || load.status === 'error' || (!post && load.status === 'ready')) {
    return (
      <div className={styles.page} role="alert">
        <h1 className={styles.title}>{load.status === 'missing' ? 'Collection not found' : 'Could not load this collection'}</h1>
        {'message' in load && <p>{load.message}</p>}
      </div>
    );
  }
  if (!post || post.type !== 'CollectionPage') {
    return (
      <p className={styles.page} role="status">
        Loading…
      </p>
    );
  }
  return (
    <div className={styles.page}>
      <article aria-labelledby="collection-title">
        <MaskedContent post={post}>
          <Picture small={post.images.image460} large={post.images.image700} alt="" eager />
        </MaskedContent>
        <h1 id="collection-title" className={styles.title}>
          {post.title}
        </h1>
        {post.description && <Markdown className={styles.description} text={post.description} />}
        <PostHeader post={post} />
        {post.article?.blocks ? <ArticleBlocks article={post.article} /> : null}
        {post.sourceUrl && (
          <p className={styles.source}>
            Source:{' '}
            <a href={post.sourceUrl} target="_blank" rel="noopener noreferrer nofollow">
              {post.sourceDomain || post.sourceUrl}
            </a>{' '}
            <span className={styles.sourceUrl}>{post.sourceUrl}</span>
          </p>
        )}
      </article>
      <section aria-label="Posts in this collection" className={styles.list}>
        <FeedList path={COLLECTION_POSTS_PATH} query={{ id: post.id }} place="collection" />
      </section>
    </div>
  );
}

import { lazy, memo, Suspense, useEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { MaskedContent, PostHeader, PostTags, VoteBar } from '../feed/post-card';
import { PostAd } from '../ads';
import { usePostView } from '../analytics';
import { actOnCard, FeedList } from '../feed/feed-list';
import { setUserBlocked } from '../feed/post-actions';
import { usePostList, votePost } from '../feed/post-store';
import type { Post } from '../feed/post-types';
import { commentLabel, isOwnUpload } from '../feed/visibility';
import { useSiteConfig } from '../config';
import { errorMessage, isApiFailure } from '../lib/api';
import { getPost, RELATED_POSTS_PATH } from '../lib/endpoints/posts';
import { abbreviateNumber } from '../lib/format';
import { pageData, usePageDataReader } from '../lib/page-data';
import { navigate, preloadComponent, useHydrated, useLocation, type RouteProps } from '../router';
import { BLOCKED_ICON, EmptyState } from '../ui/empty-state/empty-state';
import { usePageTitle } from '../ui/page-title';
import { adjacentCard, currentCard, focusWhenShown, postCards, scrollToCard, togglePlay, usePostShortcuts } from '../ui/shortcuts/post-shortcuts';
import { selectIsLoggedIn, useUser } from '../user/user-store';
import { CheeredBy, CheersButton } from '../cheers';
import { Poll } from '../poll';
import { ArticleBlocks, Markdown } from './article';
import { CreateMemeButton } from './create-meme';
import { ExploreMore } from './explore-more';
import { MainMedia } from './main-media';
import { tabFromHash, threadFromHash, threadHash } from './share';
import { ShareBar } from './share-bar';
import styles from './post-page.module.css';


const PostComments = lazy(() => import('./post-comments'));

/** Loads the comments widget's chunk: the server draws a post's first comments with it (entry-server.tsx). */
export const preloadComments = (): Promise<void> => preloadComponent(PostComments);

// A page whose first comments the server drew hydrates them with the widget once its chunk is in. The chunk is asked
// for when the page has loaded (its picture painted): the comments sit below the post, styled by the server's CSS,
// and React keeps their markup until then (a click on them meanwhile is replayed once they hydrate).
if (typeof document !== 'undefined' && pageData(window.location.pathname)?.comments) afterPageLoad(() => void preloadComments().catch(() => undefined));

function afterPageLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

type Load = { status: 'loading' } | { status: 'ready' } | { status: 'missing'; message: string } | { status: 'error'; message: string };

/** The single post page /gag/{postId}/{title?} (posts-and-feeds.md §2). */
export default function PostPage({ params }: RouteProps) {
  const postId = params['postId'] ?? '';
  const post = usePostList((s) => s.posts[postId]);
  const putPost = usePostList((s) => s.putPost);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  usePageTitle({ type: 'post', title: post?.title ?? 'Post' });

  useEffect(() => {
    const controller = new AbortController();
    getPost(postId, controller.signal)
      .then((reply) => {
        putPost(reply.post);
        setLoad({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiFailure(error) && error.status === 404) setLoad({ status: 'missing', message: error.message });
        else setLoad({ status: 'error', message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [postId, putPost, attempt]);

  if (!post) {
    if (load.status === 'missing' || load.status === 'error') {
      return (
        <div className={styles.page} role="alert">
          <h1 className={styles.title}>{load.status === 'missing' ? 'Post not found' : 'Could not load this post'}</h1>
          <p>{load.message}</p>
          {load.status === 'error' && (
            <button type="button" className={styles.shareButton} onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          )}
        </div>
      );
    }
    return (
      <p className={`${styles.page} ${styles.skeleton}`} role="status">
        Loading…
      </p>
    );
  }
  return <PostView post={post} />;
}

function PostView({ post }: { post: Post }) {
  const info = useUser((s) => s.info);
  const { hash, search, pathname } = useLocation();
  const hydrated = useHydrated();
  // The first page of comments the server drew for a visitor: the widget starts from it (comments.md, initialPage).
  const serverComments = usePageDataReader()(pathname)?.comments;
  const initialPage = serverComments?.url === post.postUrl ? serverComments : undefined;
  const { features } = useSiteConfig();
  const tab = tabFromHash(hash, search, features);
  const threadId = tab === 'thread' ? threadFromHash(hash) : null;
  const own = useUser((s) => isOwnUpload(s.info, post.id));
  const member = useUser(selectIsLoggedIn);
  const wasOwn = useRef(own);
  useEffect(() => {
    // §4 Delete post: the header menu's delete drops the post from the uploads; the main post then goes to /.
    if (wasOwn.current && !own && member) navigate('/');
    wasOwn.current = own;
  }, [own, member]);
  const main = useRef<HTMLElement>(null);
  usePostView(main, post.id, 'p', tab);
  useCommentsOnTop(main, hydrated, post.id);
  // shell-and-account.md §5: l, h, c and p act on the main post; j and k move on to the related posts when they are
  // shown (and then the keys act on the one being read), which is why the related list leaves the keys to this page.
  usePostShortcuts((action) => {
    const root = main.current;
    if (!root) return;
    const cards = [root, ...postCards(root)];
    if (action === 'next-post' || action === 'previous-post') {
      const card = adjacentCard(cards, action === 'next-post' ? 1 : -1);
      if (card) scrollToCard(card);
      return;
    }
    const card = currentCard(cards) ?? root;
    if (card !== root) actOnCard(card, action);
    else if (action === 'upvote' || action === 'downvote') void votePost(post, action === 'upvote' ? 1 : -1);
    else if (action === 'play') togglePlay(root);
    else openComments(member, features);
  });
  const creator = post.creator;
  if (creator && !post.isAnonymous && info.blocklistIds.includes(creator.accountId)) {
    return (
      <EmptyState
        icon={BLOCKED_ICON}
        title={`You've blocked posts from @${creator.username}`}
        text="This post is hidden from you, as are their other posts and comments."
        action={{ label: 'Unblock', onClick: () => void setUserBlocked({ accountId: creator.accountId, username: creator.username }, false) }}
        testId="post-blocked"
      />
    );
  }
  if (info.blockPosts[post.id] === 'post') return <EmptyState icon={BLOCKED_ICON} title="The post is hidden" text="You hid this post. It stays out of your lists." action={{ label: 'Explore Trending', href: '/trending' }} testId="post-blocked" />;

  const forum = post.type === 'ForumPost';
  // §2: an article's description is its markdown intro; other types show theirs unless the content already is it.
  const articleIntro = post.type === 'Article' && Boolean(post.description);
  const showDescription = Boolean(post.description) && !['Text', 'CollectionPage', 'Article', 'ForumPost'].includes(post.type);
  const commentsTabLabel = tab === 'thread' ? 'Thread' : forum ? 'Answers' : 'Comments';
  // shell-and-account.md §6: the pinned comment tooltip skips the OP. The pinned comment itself is drawn inside the
  // comments widget, so the tooltip points at the comments it tops.
  const pinnedTooltip = tab === 'comment' && post.comment.pinnedCommentCount > 0 && !own;
  return (
    <article ref={main} className={styles.page} aria-labelledby="post-title" data-main-post-id={post.id}>
      <PostHeader post={post} place="main" />
      <CheeredBy post={post} />
      <h1 id="post-title" className={styles.title}>
        {post.title}
      </h1>
      <MaskedContent post={post} place="main">
        <MainMedia post={post} />
      </MaskedContent>
      {articleIntro && <Markdown className={styles.description} text={post.description} />}
      {post.type === 'Article' && post.article?.blocks ? <ArticleBlocks article={post.article} /> : null}
      {showDescription && <Markdown className={styles.description} text={post.description} />}
      {post.sourceUrl && (
        <p className={styles.source}>
          Source:{' '}
          <a href={post.sourceUrl} target="_blank" rel="noopener noreferrer nofollow">
            {post.sourceDomain || post.sourceUrl}
          </a>
        </p>
      )}
      <Poll post={post} main />
      <PostTags post={post} />
      <VoteBar post={post} commentHref="#comment" commentNewTab={false} />
      <div className={styles.actions}>
        <CheersButton post={post} className={styles.shareButton} />
        <CreateMemeButton post={post} />
      </div>
      <ShareBar post={post} />
      <PostAd />
      {post.type === 'Article' && <ExploreMore postId={post.id} />}
      <nav className={styles.tabs} aria-label="Post sections">
        <a href="#comment" className={styles.tab} aria-current={tab !== 'related' ? 'page' : undefined}>
          {commentsTabLabel}
          {post.commentsCount > 0 && <span className={styles.count}>{abbreviateNumber(post.commentsCount)}</span>}
        </a>
        <a href="#related" className={styles.tab} aria-current={tab === 'related' ? 'page' : undefined} data-tooltip-anchor="postRelatedTab">
          Related
        </a>
      </nav>
      <div id="comment" className={styles.section} data-tooltip-anchor={pinnedTooltip ? 'pinnedComment' : undefined}>
        {tab === 'related' ? (
          <FeedList path={RELATED_POSTS_PATH} query={{ id: post.id }} shortcuts={false} />
        ) : !hydrated && !initialPage ? (
          // Server HTML and hydration stop here; the widget's chunk loads after.
          <p className={styles.commentsSkeleton} role="status">Loading {commentLabel(2, forum).toLowerCase()}…</p>
        ) : (
          <CommentsSlot
            postId={post.id}
            url={post.postUrl}
            forum={forum}
            canAnonymous={post.comment.canAnonymous && info.uploads.includes(post.id)}
            own={info.uploads.includes(post.id)}
            initialPage={initialPage}
            threadId={threadId}
          />
        )}
      </div>
    </article>
  );
}

/** §2: the thread is kept in the hash; opening one is a step Back undoes, leaving one is not. */
function followThread(id: string | null): void {
  if (id === threadFromHash(window.location.hash)) return;
  navigate(`${window.location.pathname}${window.location.search}${threadHash(id)}`, { replace: id === null, scroll: false });
}

type SlotProps = {
  postId: string;
  url: string;
  forum: boolean;
  canAnonymous: boolean;
  own: boolean;
  initialPage: ComponentProps<typeof PostComments>['initialPage'];
  threadId: string | null;
};

/**
 * The comments widget behind its own boundary, memoized: where the server drew the comments, the page's re-render
 * right after hydration does not reach a boundary whose chunk may still be loading (an update there would drop the
 * server's comments and draw the fallback until the chunk is in).
 */
const CommentsSlot = memo(function CommentsSlot({ forum, ...props }: SlotProps) {
  return (
    <Suspense fallback={<p className={styles.commentsSkeleton} role="status">Loading {commentLabel(2, forum).toLowerCase()}…</p>}>
      <PostComments {...props} isForum={forum} onThreadChange={followThread} />
    </Suspense>
  );
});

/** How long after arriving at #comment the comments are kept on top while what is above them grows (ms). */
const KEEP_COMMENTS_MS = 5000;

/**
 * §2 the comment link (#comment, a thread's #cs_comment_id=): the browser scrolls to the comments once, on the server's
 * HTML or on the click, and then the pictures, the ad and Explore More load above them and push them down, below the
 * fold. So for a few seconds after arriving (on load or a hash change), every change of the post's height scrolls the
 * comments back under the top bar, until the reader scrolls, taps or types themselves.
 */
function useCommentsOnTop(main: RefObject<HTMLElement | null>, hydrated: boolean, postId: string): void {
  useEffect(() => {
    const root = main.current;
    if (!hydrated || !root) return;
    const wanted = () => window.location.hash === '#comment' || threadFromHash(window.location.hash) !== null;
    let stop: (() => void) | null = null;
    const keep = () => {
      stop?.();
      // A thread's permalink keeps its highlighted comment in view (the widget scrolled it to the middle), not the
      // section's top: on a long thread that comment is far below the tabs.
      const place = () => {
        const section = document.getElementById('comment');
        const target = section?.querySelector<HTMLElement>('[data-comment-id][aria-current="true"]');
        const element = target ?? section;
        if (typeof element?.scrollIntoView === 'function') element.scrollIntoView({ block: target ? 'center' : 'start', behavior: 'instant' });
      };
      place();
      const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : null;
      observer?.observe(root);
      const timer = window.setTimeout(() => stop?.(), KEEP_COMMENTS_MS);
      const events = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
      const done = () => stop?.();
      for (const name of events) window.addEventListener(name, done, { passive: true, capture: true });
      stop = () => {
        observer?.disconnect();
        window.clearTimeout(timer);
        for (const name of events) window.removeEventListener(name, done, { capture: true });
        stop = null;
      };
    };
    const onHash = () => {
      if (wanted()) keep();
      else stop?.();
    };
    if (wanted()) keep();
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('hashchange', onHash);
      stop?.();
    };
  }, [main, hydrated, postId]);
}

/**
 * c on the main post: the Comments tab, scrolled to, with the caret in the composer for a member (a visitor reads
 * the comments; writing one asks them to sign up there).
 */
function openComments(member: boolean, features: object): void {
  if (tabFromHash(window.location.hash, window.location.search, features) === 'related') {
    navigate(`${window.location.pathname}${window.location.search}#comment`, { scroll: false });
  }
  requestAnimationFrame(() => {
    const section = document.getElementById('comment');
    if (!section) return;
    section.scrollIntoView({ behavior: 'smooth', block: 'start' });
    if (member) focusWhenShown(section, 'textarea', true);
  });
}

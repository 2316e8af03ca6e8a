import { lazy, memo, Suspense, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { usePostView } from '../analytics';
import { useSiteConfig } from '../config';
import { abbreviateNumber, formatAge } from '../lib/format';
import { Link, navigate, useRouteMatch } from '../router';
import { openModal, requireMember } from '../ui/modals';
import { BOOKMARK, CLOSE, COMMENT, DOWN, Icon, MEDAL, UP } from '../ui/icons/icons';
import { focusWhenShown } from '../ui/shortcuts/post-shortcuts';
import { displayTag, tagUrl } from '../tags/canonical';
import { useInterestName } from '../tags/interests';
import { useUser } from '../user/user-store';
import { askReport, hidePost, menuActions, revertHide, useHidden, type PostPlace } from './post-actions';
import { MaskCover, maskShape } from './mask-cover';
import { OffensiveMask } from './offensive-mask';
import { PostMenu } from './post-menu';
import { toggleSave, usePostList, votePost } from './post-store';
import { plainExcerpt, PostContent } from './post-media';
import { postPath, type Post } from './post-types';
import { commentLabel, isMutedForViewer, isVoteMasked, showsSensitiveMask, unmaskPost, useUnmasked } from './visibility';
import { CheersButton } from '../cheers';
import { Poll } from '../poll';
import styles from './post-card.module.css';

/** The widget's composer loads with the first card that opens it (it is not part of the home route's bundle). */
const CardComposer = lazy(() => import('./card-composer'));

/** Sent to a card's element by the list's c shortcut (shell-and-account.md §5): comment on that post. */
export const COMMENT_SHORTCUT_EVENT = 'guffaw:comment-shortcut';

/** Text bodies hold Show more, clips their sound toggle: neither goes inside the post link. */
const UNLINKED_TYPES = new Set(['Text', 'ForumPost', 'Animated', 'Video']);

export const SENSITIVE_TITLE = 'Sensitive content';
export const SENSITIVE_TEXT = 'The following media includes potentially sensitive content.';

export const HIDDEN_TITLE = 'Post hidden';
export const blockedCreatorText = (username: string) => `You've blocked posts from @${username}`;
export const REPORTED_TEXT = 'You reported this post.';

/**
 * A post in a list: header (with the more menu and the hide cross), title, content by type, tags, the Create meme
 * button, then the vote, comment and save bar. A hidden post gives way to the hidden panel, a post of a blocked
 * creator or one the viewer reported to a one-line placeholder.
 */
export const PostCard = memo(function PostCard({ id, eager = false, place = 'list' }: { id: string; eager?: boolean; place?: PostPlace }) {
  const post = usePostList((s) => s.posts[id]);
  const hidden = useHidden(id);
  const blockedCreator = useUser((s) => Boolean(post?.creator && !post.isAnonymous && s.info.blocklistIds.includes(post.creator.accountId)));
  const reported = useUser((s) => s.info.reports.includes(id));
  const muted = useUser((s) => Boolean(post && isMutedForViewer(post, s.info)));
  const card = useRef<HTMLElement>(null);
  const [composing, setComposing] = useState(false);
  const { features } = useSiteConfig();
  usePostView(card, post?.id, 'l');
  useCommentShortcut(card, post, place, () => setComposing(true));
  if (!post || muted) return null;
  if (hidden) return <HiddenPost post={post} />;
  if (blockedCreator && post.creator) return <p className={styles.placeholder} data-post-id={id}>{blockedCreatorText(post.creator.username)}</p>;
  if (reported) return <p className={styles.placeholder} data-post-id={id}>{REPORTED_TEXT}</p>;
  const path = postPath(post);
  // §2: a collection page has no comments (its page shows none), so its card has no comment link.
  const commentHref = post.type === 'CollectionPage' ? null : `${path}#comment`;
  const cheers = <CheersButton post={post} className={styles.button} icon={<Icon d={MEDAL} />} labelClassName={styles.label} />;
  return (
    <article ref={card} className={styles.card} aria-labelledby={`post-title-${id}`} data-post-id={id}>
      <PostHeader post={post} place={place} />
      <h2 id={`post-title-${id}`} className={styles.title}>
        <Link href={path}>{post.title}</Link>
      </h2>
      <MaskedContent post={post}>
        {UNLINKED_TYPES.has(post.type) ? (
          <PostContent post={post} inList eager={eager} />
        ) : (
          // The title link already names the post; this one only widens the click target.
          <Link href={path} className={styles.mediaLink} tabIndex={-1} aria-hidden="true">
            <PostContent post={post} inList eager={eager} />
          </Link>
        )}
      </MaskedContent>
      {showsListDescription(post) && <p className={styles.excerpt}>{plainExcerpt(post.description)}</p>}
      <CallToAction post={post} />
      <Poll post={post} main={false} />
      <PostTags post={post} />
      {showsCreateMemeOnList(post, features) && <CreateMemeButton />}
      {place === 'list' && post.id ? (
        // §4: clicking the vote/comment area (not one of its buttons or links) opens the comment composer; members only.
        <div className={styles.commentArea} data-testid="comment-area" onClick={(event) => openComposer(event, () => setComposing(true))}>
          <VoteBar post={post} commentHref={commentHref} place={place}>
            {cheers}
          </VoteBar>
        </div>
      ) : (
        <VoteBar post={post} commentHref={place === 'collection' ? null : commentHref} place={place}>
          {place !== 'collection' && cheers}
        </VoteBar>
      )}
      {composing && (
        <Suspense fallback={null}>
          <CardComposer post={post} />
        </Suspense>
      )}
    </article>
  );
});

/**
 * The c shortcut: on a list it opens the card's composer (members; a visitor gets the signup overlay, as a click on
 * the comment area does) and puts the caret in it; a post without an id opens its page's comments. Not on collection pages,
 * whose items have no comments link (§2).
 */
function useCommentShortcut(card: React.RefObject<HTMLElement | null>, post: Post | undefined, place: PostPlace, open: () => void): void {
  // Attached after every render: the card's element changes when it gives way to a placeholder and back.
  useEffect(() => {
    const element = card.current;
    if (!element || !post || place === 'collection') return;
    const onComment = () => {
      if (!post.id) {
        navigate(`${postPath(post)}#comment`);
        return;
      }
      if (!requireMember('comment')) return;
      open();
      focusWhenShown(element, '[data-testid="card-composer"] textarea');
    };
    element.addEventListener(COMMENT_SHORTCUT_EVENT, onComment);
    return () => element.removeEventListener(COMMENT_SHORTCUT_EVENT, onComment);
  });
}

function openComposer(event: MouseEvent<HTMLElement>, open: () => void): void {
  if (event.target instanceof Element && event.target.closest('a, button')) return;
  if (requireMember('comment')) open();
}

/** §5: a description shows when it is not empty and the type is not text or collection page (articles and forum
 * posts already show theirs in the content). */
export const showsListDescription = (post: Pick<Post, 'description' | 'type'>) =>
  post.description.trim() !== '' && !['Text', 'ForumPost', 'CollectionPage', 'Article'].includes(post.type);

/** §2: the interest badge, left out on interest lists (the list already names it). */
export const PROMOTED_LABEL = 'Promoted';

/** A promoted post's call to action (posts-and-feeds.md §3 Post: ctaData title and url): an http(s) link, new tab. */
function CallToAction({ post }: { post: Post }) {
  const cta = post.ctaData;
  if (!cta?.title || !/^https?:\/\//i.test(cta.url ?? '')) return null;
  return (
    <a href={cta.url} className={styles.cta} target="_blank" rel="noopener noreferrer sponsored">
      {cta.title}
    </a>
  );
}

function InterestBadge({ post }: { post: Post }) {
  const match = useRouteMatch();
  const key = post.interests[0] ?? '';
  const name = useInterestName(key);
  if (!key || match?.route.name === 'interest list' || match?.route.name === 'interest post list') return null;
  return (
    <Link href={`/interest/${encodeURIComponent(key)}`} className={styles.interest}>
      {name}
    </Link>
  );
}

/** §4 Post card: the 'Post hidden' panel, with Block words from title, Block tags, Report post and Undo. */
export function HiddenPost({ post }: { post: Post }) {
  const ref = useRef<HTMLElement>(null);
  // The menu item that hid the post is gone: keep keyboard users in the same place.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) ref.current?.focus();
  }, []);
  return (
    <section ref={ref} className={styles.hidden} aria-label={HIDDEN_TITLE} data-post-id={post.id} tabIndex={-1}>
      <p className={styles.hiddenTitle}>{HIDDEN_TITLE}</p>
      <div className={styles.hiddenActions}>
        <button type="button" className={styles.button} onClick={() => {
            if (requireMember('block')) openModal('blocked-titles', { title: post.title });
          }}>
          Block words from title
        </button>
        {post.tags.length > 0 && (
          <button type="button" className={styles.button} onClick={() => {
              if (requireMember('block')) openModal('blocked-tags', { tags: post.tags.map((t) => t.key) });
            }}>
            Block tags
          </button>
        )}
        <button type="button" className={styles.button} onClick={() => askReport(post)}>
          Report post
        </button>
        <button type="button" className={styles.button} onClick={() => void revertHide(post.id)}>
          Undo
        </button>
      </div>
    </section>
  );
}

/** §2: on list views the Create meme button needs showCreateMemeButtonOnListView, a meme, and a photo. */
export function showsCreateMemeOnList(post: Pick<Post, 'isMeme' | 'type'>, features: object): boolean {
  return Boolean((features as { showCreateMemeButtonOnListView?: boolean }).showCreateMemeButtonOnListView) && post.isMeme && post.type === 'Photo';
}

export const CREATE_MEME_URL = '/submit?action=create-meme';

function CreateMemeButton() {
  return (
    <a
      className={styles.button}
      href={CREATE_MEME_URL}
      onClick={(event) => {
        if (!requireMember('create-meme', CREATE_MEME_URL)) event.preventDefault();
      }}
    >
      Create meme
    </a>
  );
}

/** The header: creator, age, and where a place is given (lists), the more menu and the hide cross. */
export function PostHeader({ post, place }: { post: Post; place?: PostPlace }) {
  return (
    <header className={styles.header}>
      {post.creator && !post.isAnonymous ? (
        <Link href={new URL(post.creator.profileUrl, 'http://localhost').pathname} className={styles.creator}>
          {post.creator.avatarUrl && <img src={post.creator.avatarUrl} alt="" width={24} height={24} className={styles.avatar} loading="lazy" />}
          <span>{post.creator.name || post.creator.username}</span>
        </Link>
      ) : (
        <span className={styles.creator}>Anonymous</span>
      )}
      <span aria-hidden="true">·</span>
      {/* The age may tick over between the server render and hydration. */}
      <time dateTime={new Date(post.creationTs * 1000).toISOString()} suppressHydrationWarning>
        {formatAge(post.creationTs)}
      </time>
      {place === 'list' && <InterestBadge post={post} />}
      {post.promoted === 1 && <span className={styles.promoted}>{PROMOTED_LABEL}</span>}
      {place && <HeaderActions post={post} place={place} />}
    </header>
  );
}

function HeaderActions({ post, place }: { post: Post; place: PostPlace }) {
  const canHide = useUser((s) => menuActions(post, s.info, place).includes('hide'));
  return (
    <span className={styles.headerActions}>
      <PostMenu post={post} place={place} />
      {canHide && (
        <button type="button" className={styles.iconButton} aria-label="Hide post" onClick={() => hidePost(post.id)}>
          <Icon d={CLOSE} />
        </button>
      )}
    </span>
  );
}

export function PostTags({ post }: { post: Post }) {
  if (post.tags.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label="Tags">
      {post.tags.map((tag) => (
        <li key={tag.key}>
          {/* §5: the canonical tag in the address, hyphens shown as spaces. */}
          <Link href={tagUrl(tag.key)}>{displayTag(tag.key)}</Link>
        </li>
      ))}
    </ul>
  );
}

/** A post's media under its masks: the offensive one (§5, offensive-mask.tsx), then the sensitive one. */
export function MaskedContent({ post, place, children }: { post: Post; place?: PostPlace; children: React.ReactNode }) {
  return (
    <OffensiveMask post={post} place={place}>
      <SensitiveMask post={post}>{children}</SensitiveMask>
    </OffensiveMask>
  );
}

/** §8: the sensitive mask over an nsfw post's media, with Change settings and View. */
function SensitiveMask({ post, children }: { post: Post; children: React.ReactNode }) {
  const info = useUser((s) => s.info);
  const unmaskedHere = useUnmasked(post.id);
  if (!showsSensitiveMask(post, info, unmaskedHere)) return <>{children}</>;
  return (
    <div className={styles.mask} role="group" aria-label={SENSITIVE_TITLE} style={maskShape(post)}>
      <MaskCover post={post} />
      <p className={styles.maskTitle}>{SENSITIVE_TITLE}</p>
      <p>{SENSITIVE_TEXT}</p>
      <div className={styles.maskActions}>
        <a
          href="/settings"
          className={styles.button}
          onClick={(event) => {
            if (!requireMember('sensitive-settings', '/settings')) event.preventDefault();
          }}
        >
          Change settings
        </a>
        <button
          type="button"
          className={styles.button}
          onClick={() => {
            if (requireMember('unmask')) unmaskPost(post.id);
          }}
        >
          View
        </button>
      </div>
    </div>
  );
}

/** Up and down votes (a dot when masked), the comment link (§2: new tab, #comment) and save. */
/**
 * The card's one row of actions (votes, comments, Save and what the caller adds, such as Cheers). It never wraps: on
 * narrow screens the secondary actions show their icon alone (their text stays their accessible name).
 */
export function VoteBar({ post, commentHref, commentNewTab = true, place, children }: { post: Post; commentHref: string | null; commentNewTab?: boolean; place?: PostPlace; children?: ReactNode }) {
  const info = useUser((s) => s.info);
  const vote = info.votes[post.id] ?? 0;
  const saved = info.saves.includes(post.id);
  // §2: inside a collection page votes are always masked and there is no save.
  const masked = isVoteMasked(post, info) || place === 'collection';
  const forum = post.type === 'ForumPost';
  return (
    <div className={styles.bar}>
      <div className={styles.vote} role="group" aria-label="Vote">
        <button type="button" className={styles.button} aria-pressed={vote === 1} aria-label={masked ? 'Upvote' : `Upvote ${abbreviateNumber(post.upVoteCount)}`} onClick={() => void votePost(post, 1)}>
          <Icon d={UP} />
          <span data-testid="upvotes">{masked ? '•' : abbreviateNumber(post.upVoteCount)}</span>
        </button>
        <button type="button" className={styles.button} aria-pressed={vote === -1} aria-label={!masked && post.downVoteCount > 0 ? `Downvote ${abbreviateNumber(post.downVoteCount)}` : 'Downvote'} onClick={() => void votePost(post, -1)}>
          <Icon d={DOWN} />
          {!masked && post.downVoteCount > 0 ? <span>{abbreviateNumber(post.downVoteCount)}</span> : null}
        </button>
      </div>
      {commentHref && (
        <a className={styles.button} href={commentHref} {...(commentNewTab ? { target: '_blank', rel: 'noopener' } : {})}>
          <Icon d={COMMENT} />
          {post.commentsCount > 0 ? `${abbreviateNumber(post.commentsCount)} ` : ''}
          <span className={styles.label}>{commentLabel(post.commentsCount, forum)}</span>
        </a>
      )}
      {post.type !== 'CollectionPage' && place !== 'collection' && (
        <button type="button" className={styles.button} aria-pressed={saved} onClick={() => void toggleSave(post.id)}>
          <Icon d={BOOKMARK} />
          <span className={styles.label}>{saved ? 'Saved' : 'Save'}</span>
        </button>
      )}
      {children}
    </div>
  );
}

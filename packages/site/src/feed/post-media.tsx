import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { formatDuration } from '../lib/format';
import { Icon, PLAY, SOUND_OFF, SOUND_ON } from '../ui/icons/icons';
import type { ClipVariant, ImageVariant, Post } from './post-types';
import styles from './post-card.module.css';

/** §9: animated and video posts play while at least 60% visible and pause below. */
export const AUTOPLAY_THRESHOLD = 0.6;
/** §5: text posts collapse to about 5 lines of 20 px in lists. */
export const TEXT_COLLAPSE_LINES = 5;
export const TEXT_LINE_HEIGHT = 20;

/** A photo: WebP first through <picture>, the list size (460) and the full size (700) offered by width. */
export function Picture({ small, large, alt, eager = false }: { small?: ImageVariant | undefined; large?: ImageVariant | undefined; alt: string; eager?: boolean }) {
  const main = small ?? large;
  if (!main) return null;
  const variants = [small, large].filter((v): v is ImageVariant => Boolean(v));
  const srcSet = (pick: (v: ImageVariant) => string | undefined) =>
    variants
      .map((v) => (pick(v) ? `${pick(v)} ${v.width}w` : null))
      .filter(Boolean)
      .join(', ');
  const webp = srcSet((v) => v.webpUrl);
  const sizes = '(max-width: 640px) 100vw, 640px';
  // The first picture of a page is its largest paint: announced in the head (React hoists the preload there on the
  // server) so it is fetched before the scripts, in the format and width the <picture> below will choose.
  if (eager) preload(main.webpUrl ?? main.url, { as: 'image', fetchPriority: 'high', imageSizes: sizes, imageSrcSet: webp || srcSet((v) => v.url), ...(webp ? { type: 'image/webp' } : {}) });
  return (
    <picture>
      {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
      <img
        className={styles.image}
        src={main.url}
        srcSet={srcSet((v) => v.url)}
        sizes={sizes}
        width={main.width}
        height={main.height}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        {...(eager ? { fetchPriority: 'high' as const } : { decoding: 'async' as const })}
      />
    </picture>
  );
}

/** §4 Video: the duration text hides 3 s after play starts. */
export const DURATION_HIDE_MS = 3000;

/**
 * An animated or video clip: muted, looping, started and stopped by how much of it is on screen (§4: the poster is
 * the cover until it plays). A clip with audio gets a sound toggle; its duration shows until 3 s into playing.
 */
export function Clip({ clip, poster, title, controls = false }: { clip: ClipVariant; poster?: ImageVariant | undefined; title: string; controls?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [showDuration, setShowDuration] = useState(true);
  useEffect(() => {
    const video = ref.current;
    if (!video || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        if (entry.intersectionRatio >= AUTOPLAY_THRESHOLD) void video.play().catch(() => undefined);
        else video.pause();
      },
      { threshold: [0, AUTOPLAY_THRESHOLD, 1] },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const video = ref.current;
    if (!video || !clip.duration) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const onPlay = () => {
      timer ??= setTimeout(() => setShowDuration(false), DURATION_HIDE_MS);
    };
    video.addEventListener('play', onPlay);
    return () => {
      video.removeEventListener('play', onPlay);
      if (timer) clearTimeout(timer);
    };
  }, [clip.duration]);
  const video = (
    <video
      ref={ref}
      className={styles.clip}
      width={clip.width}
      height={clip.height}
      poster={poster?.webpUrl ?? poster?.url}
      muted={muted}
      loop
      playsInline
      preload="none"
      controls={controls}
      aria-label={title}
      data-autoplay=""
    >
      {clip.vp9Url && <source src={clip.vp9Url} type='video/webm; codecs="vp9"' />}
      {clip.vp8Url && <source src={clip.vp8Url} type="video/webm" />}
      <source src={clip.url} type="video/mp4" />
    </video>
  );
  if (controls || (!clip.hasAudio && !clip.duration)) return video;
  return (
    <div className={styles.clipBox}>
      {video}
      {clip.duration && showDuration ? <span className={styles.duration}>{formatDuration(clip.duration)}</span> : null}
      {clip.hasAudio && (
        <button
          type="button"
          className={styles.sound}
          aria-pressed={!muted}
          aria-label={muted ? 'Turn sound on' : 'Turn sound off'}
          onClick={(event) => {
            // Only the toggle: nothing around the clip (a link, a click handler) reacts.
            event.preventDefault();
            event.stopPropagation();
            setMuted((m) => !m);
          }}
        >
          <Icon d={muted ? SOUND_OFF : SOUND_ON} />
        </button>
      )}
    </div>
  );
}

/** A text post's body: whole on the post page, collapsed to 5 lines in lists with Show more when it overflows. */
export function TextBody({ text, collapse }: { text: string; collapse: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && collapse) setOverflows(el.scrollHeight > TEXT_COLLAPSE_LINES * TEXT_LINE_HEIGHT + 1 || text.split('\n').length > TEXT_COLLAPSE_LINES);
  }, [text, collapse]);
  const collapsed = collapse && !expanded;
  return (
    <div className={styles.textPost}>
      {/* A paragraph: read as text by assistive tech, and kept clear by what floats (tooltips, lib/covers.ts). */}
      <p ref={ref} className={collapsed ? styles.textCollapsed : styles.textBody}>
        {text}
      </p>
      {collapsed && overflows && (
        <button type="button" className={styles.showMore} onClick={() => setExpanded(true)}>
          Show more
        </button>
      )}
    </div>
  );
}

/** The content of a post by type; `inList` chooses the list sizes and the collapsed text. */
export function PostContent({ post, inList, eager = false }: { post: Post; inList: boolean; eager?: boolean }) {
  const { images } = post;
  switch (post.type) {
    case 'Animated':
    case 'Video':
      if (images.image460sv) return <Clip clip={images.image460sv} poster={images.image460} title={post.title} controls={!inList && post.type === 'Video'} />;
      return <Picture small={images.image460} large={images.image700} alt={post.title} eager={eager} />;
    case 'EmbedVideo':
      return <EmbedVideo post={post} eager={eager} />;
    case 'Text':
    case 'ForumPost':
      return post.description ? <TextBody text={post.description} collapse={inList} /> : null;
    case 'Article':
      return (
        <>
          <Picture small={images.image460} large={images.image700} alt={post.title} eager={eager} />
          {inList && post.description && <p className={styles.excerpt}>{plainExcerpt(post.description)}</p>}
        </>
      );
    default:
      return <Picture small={inList ? (images.image460c ?? images.image460) : images.image460} large={images.image700} alt={post.title} eager={eager} />;
  }
}

/**
 * An embedded Facebook or Instagram video: its cover and a play link. The third-party player is loaded only on the
 * post page and only after a click, so lists never pull in another site's scripts.
 */
function EmbedVideo({ post, eager }: { post: Post; eager: boolean }) {
  const [playing, setPlaying] = useState(false);
  const source = post.video?.source ?? post.sourceDomain;
  const embedUrl = post.video?.embedUrl;
  if (playing && embedUrl) {
    return <iframe className={styles.embed} src={embedUrl} title={post.title} allow="autoplay; encrypted-media" allowFullScreen loading="lazy" />;
  }
  return (
    <div className={styles.embedCover}>
      <Picture small={post.images.image460} large={post.images.image700} alt={post.title} eager={eager} />
      {embedUrl ? (
        <button type="button" className={styles.embedPlay} onClick={() => setPlaying(true)}>
          <Icon d={PLAY} />
          Play video from {source}
        </button>
      ) : (
        post.sourceUrl && (
          <a className={styles.embedPlay} href={post.sourceUrl} target="_blank" rel="noopener noreferrer">
            <Icon d={PLAY} />
            Watch on {source}
          </a>
        )
      )}
    </div>
  );
}

/** The markdown of an article intro reduced to plain words for a list excerpt. */
export function plainExcerpt(markdown: string, max = 200): string {
  const text = markdown.replace(/[#*_`>[\]]/g, '').replace(/\(https?:[^)]*\)/g, '').replace(/\s+/g, ' ').trim();
  return text.length > max ? text.slice(0, max - 1).trimEnd() + '…' : text;
}

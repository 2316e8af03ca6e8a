import { useEffect, useRef, useState } from 'react';
import { AUTOPLAY_THRESHOLD, Picture, PostContent } from '../feed/post-media';
import type { ClipVariant, ImageVariant, Post } from '../feed/post-types';
import { formatDuration } from '../lib/format';
import { CLOSE, Icon, PLAY } from '../ui/icons/icons';
import styles from './main-media.module.css';

/** §4 Video: the duration text hides 3 s after play starts. */
export const DURATION_HIDE_MS = 3_000;

/**
 * The main post's media (posts-and-feeds.md §2, §4): a photo wider than the post view opens in a zoom overlay; an
 * animated or video clip shows its cover until it plays, with a sound toggle and its duration. Other types are
 * drawn as in lists.
 */
export function MainMedia({ post }: { post: Post }) {
  const { images } = post;
  if ((post.type === 'Animated' || post.type === 'Video') && images.image460sv) {
    return <PlayableClip clip={images.image460sv} cover={images.image700 ?? images.image460} title={post.title} autoplay={post.type === 'Animated'} />;
  }
  if (post.type === 'Photo' && (images.image700 ?? images.image460)) {
    return <ZoomablePhoto small={images.image460} large={images.image700 ?? images.image460} alt={post.title} />;
  }
  return <PostContent post={post} inList={false} eager />;
}

/** A photo; when its full size is wider than the post view, a click opens it full size in an overlay. */
export function ZoomablePhoto({ small, large, alt }: { small?: ImageVariant | undefined; large?: ImageVariant | undefined; alt: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [zoomable, setZoomable] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  const fullWidth = large?.width ?? 0;
  useEffect(() => {
    const measure = () => setZoomable(Boolean(box.current) && fullWidth > (box.current?.clientWidth ?? 0));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [fullWidth]);
  // The picture never moves when the photo turns out zoomable after hydration (a new <img> would paint again and
  // become the page's largest paint late): the zoom button lies over it.
  return (
    <div ref={box} className={styles.photo}>
      <Picture small={small} large={large} alt={alt} eager />
      {zoomable && <button type="button" className={styles.zoomButton} aria-label={`Zoom in: ${alt}`} onClick={() => setZoomed(true)} />}
      {zoomed && large && <ZoomOverlay image={large} alt={alt} onClose={() => setZoomed(false)} />}
    </div>
  );
}

function ZoomOverlay({ image, alt, onClose }: { image: ImageVariant; alt: string; onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [onClose]);
  return (
    <div className={styles.overlay} role="dialog" aria-modal="true" aria-label="Zoomed image" onClick={onClose}>
      <button ref={close} type="button" className={styles.close} aria-label="Close" onClick={onClose}>
        <Icon d={CLOSE} />
      </button>
      <img className={styles.zoomed} src={image.webpUrl ?? image.url} width={image.width} height={image.height} alt={alt} />
    </div>
  );
}

/**
 * A clip on the post page. Its cover shows until it plays; animated clips play while 60% visible (§9), videos on a
 * click. Sound toggles on and off when the clip has any; the duration hides 3 s after play starts.
 */
export function PlayableClip({ clip, cover, title, autoplay }: { clip: ClipVariant; cover?: ImageVariant | undefined; title: string; autoplay: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);
  const [showDuration, setShowDuration] = useState(true);

  const painted = usePagePainted();
  useEffect(() => {
    const video = ref.current;
    if (!video || !autoplay || !painted || typeof IntersectionObserver === 'undefined') return;
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
  }, [autoplay, painted]);

  useEffect(() => {
    if (!playing) {
      setShowDuration(true);
      return;
    }
    const timer = setTimeout(() => setShowDuration(false), DURATION_HIDE_MS);
    return () => clearTimeout(timer);
  }, [playing]);

  const play = () => {
    const video = ref.current;
    if (video) void video.play().catch(() => undefined);
  };
  const toggleSound = () => {
    const video = ref.current;
    const next = !muted;
    if (video) video.muted = next;
    setMuted(next);
  };
  const hasSound = clip.hasAudio !== false;
  return (
    <div className={styles.clip}>
      <video
        ref={ref}
        className={styles.video}
        width={clip.width}
        height={clip.height}
        muted={muted}
        loop
        playsInline
        // Nothing of the clip loads before it plays (Play, or in view once the page runs, for an animated clip): its
        // data shared the phone's link with the cover, the page's largest paint, and a video's first frame, painted
        // under the cover once its data came in, became that paint seconds later. The cover shows until it plays.
        preload="none"
        controls={!autoplay && started}
        aria-label={title}
        onPlay={() => {
          setStarted(true);
          setPlaying(true);
        }}
        onPause={() => setPlaying(false)}
      >
        {clip.vp9Url && <source src={clip.vp9Url} type='video/webm; codecs="vp9"' />}
        {clip.vp8Url && <source src={clip.vp8Url} type="video/webm" />}
        <source src={clip.url} type="video/mp4" />
      </video>
      {!started && cover && (
        <div className={styles.cover} data-testid="clip-cover">
          <Picture large={cover} alt="" eager />
        </div>
      )}
      {!started && !autoplay && (
        <button type="button" className={styles.play} onClick={play}>
          <Icon d={PLAY} />
          Play
        </button>
      )}
      {hasSound && (
        <button type="button" className={styles.sound} aria-pressed={!muted} onClick={toggleSound}>
          {muted ? 'Sound off' : 'Sound on'}
        </button>
      )}
      {clip.duration !== undefined && showDuration && (
        <span className={styles.duration} data-testid="clip-duration">
          {formatDuration(clip.duration)}
        </span>
      )}
    </div>
  );
}

/**
 * True once the page has loaded and a frame was drawn after that. An animated clip starts only then: its cover is the
 * page's first picture (the clip started before the first paint took the cover away unseen, and the largest paint
 * became the clip's first frame, after its data), and the clip's data never shares the link with the page's own.
 */
function usePagePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const afterNextFrame = () => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => setPainted(true), 0);
      });
    };
    if (document.readyState === 'complete') afterNextFrame();
    else window.addEventListener('load', afterNextFrame, { once: true });
    return () => {
      window.removeEventListener('load', afterNextFrame);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

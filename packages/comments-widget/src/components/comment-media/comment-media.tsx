import type { LinkPreview, MediaItem } from '@guffaw/comments-client';
import { isSafeHref } from '../../lib/rich-text.js';

/** Media displays at most 300 px wide, and comment images at most 400 px high. */
export const MEDIA_MAX_WIDTH = 300;
export const MEDIA_MAX_HEIGHT = 400;

/** Display size keeping the aspect ratio inside 300 x 400. */
export function fitMedia(width: number, height: number): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: MEDIA_MAX_WIDTH, height: MEDIA_MAX_WIDTH };
  const scale = Math.min(1, MEDIA_MAX_WIDTH / width, MEDIA_MAX_HEIGHT / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

export function CommentMedia({ media, alt }: { media: MediaItem; alt: string }) {
  const { image } = media;
  const size = fitMedia(image.width, image.height);
  const clip = media.video ?? (media.type === 'animated' ? media.animated : undefined);
  if (clip && isSafeHref(clip.url)) {
    const isVideo = Boolean(media.video);
    return (
      <video
        className="gfw-media"
        width={size.width}
        height={size.height}
        poster={isSafeHref(image.url) ? image.url : undefined}
        // Animated media loop silently like a GIF; videos get controls.
        autoPlay={!isVideo}
        loop={!isVideo}
        muted={!isVideo}
        controls={isVideo}
        playsInline
        preload="metadata"
        aria-label={alt}
      >
        <source src={clip.url} type={clip.type} />
      </video>
    );
  }
  if (!isSafeHref(image.url)) return null;
  return (
    <picture>
      {image.webpUrl && isSafeHref(image.webpUrl) && <source srcSet={image.webpUrl} type="image/webp" />}
      <img className="gfw-media" src={image.url} width={size.width} height={size.height} alt={alt} loading="lazy" decoding="async" />
    </picture>
  );
}

export function LinkCard({ link }: { link: LinkPreview }) {
  if (!isSafeHref(link.url)) return null;
  return (
    <a className="gfw-link-card" href={link.url} target="_blank" rel="nofollow ugc noopener noreferrer">
      {link.imageUrl && isSafeHref(link.imageUrl) && <img src={link.imageUrl} alt="" width={80} height={80} loading="lazy" />}
      <span className="gfw-link-card-text">
        <span className="gfw-link-card-site">{link.siteName || new URL(link.url).hostname}</span>
        <strong>{link.title || link.url}</strong>
        {link.description && <span>{link.description}</span>}
      </span>
    </a>
  );
}

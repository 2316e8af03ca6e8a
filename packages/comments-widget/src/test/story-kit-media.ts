import type { MediaItem } from '@guffaw/comments-client';
import { makeMediaItem } from '@guffaw/test-utils/comments';

/**
 * Real media for the stories: small files in .storybook/public/media (about 25 KB in all), served beside the
 * Storybook's iframe. The widget shows only http(s) media (isSafeHref), so they are absolute URLs resolved against the
 * page, which keeps them working in a Storybook built under a sub-path; under jsdom the page is http://localhost.
 */
export const mediaUrl = (name: string): string =>
  new URL(`media/${name}`, typeof document === 'undefined' ? 'http://localhost/' : document.baseURI).href;

export const storyMedia = {
  /** A 400 x 300 picture, WebP first with a JPEG fallback. */
  picture: (): MediaItem => makeMediaItem({ image: { url: mediaUrl('picture.jpg'), webpUrl: mediaUrl('picture.webp'), width: 400, height: 300 } }),
  /** 150 x 450: shown capped at 400 px high. */
  tall: (): MediaItem => makeMediaItem({ image: { url: mediaUrl('tall.png'), width: 150, height: 450 } }),
  /** Animated media (a GIF as the service serves it): a looping mp4 with its still as the poster. */
  animated: (): MediaItem => makeMediaItem({
    type: 'animated',
    image: { url: mediaUrl('clip-poster.jpg'), width: 400, height: 300 },
    animated: { url: mediaUrl('clip.mp4'), type: 'video/mp4', width: 400, height: 300 },
  }),
  /** A video with controls, its poster shown until played. */
  video: (): MediaItem => makeMediaItem({
    image: { url: mediaUrl('clip-poster.jpg'), width: 400, height: 300 },
    video: { url: mediaUrl('clip.mp4'), type: 'video/mp4', width: 400, height: 300 },
  }),
};

/** §9: posts are shown in streams of 2, then 3, then 5 (10 for bots). */
export const STREAM_SIZES = [2, 3] as const;
export const STREAM_SIZE_LATER = 5;
export const STREAM_SIZE_BOT = 10;
/** §9: the load-more threshold is at least 300 px, else one browser height (fewer than 2 streams shown) or two. */
export const MIN_LOAD_THRESHOLD_PX = 300;
/** §9: a stream further than 3 browser heights from the view is archived (not rendered, height kept). */
export const ARCHIVE_MARGIN_SCREENS = 3;
/** §9: placeholder stream min heights: 800, 700, 600, then 500 px. */
export const PLACEHOLDER_HEIGHTS = [800, 700, 600] as const;
export const PLACEHOLDER_HEIGHT_LATER = 500;
export const placeholderHeight = (streamIndex: number) => PLACEHOLDER_HEIGHTS[streamIndex] ?? PLACEHOLDER_HEIGHT_LATER;
/** §9: the signup banner goes after every post whose position is divisible by 4. */
export const SIGNUP_BANNER_EVERY = 4;

export function splitStreams(ids: readonly string[], bot = false): string[][] {
  const streams: string[][] = [];
  let start = 0;
  while (start < ids.length) {
    const size = bot ? STREAM_SIZE_BOT : (STREAM_SIZES[streams.length] ?? STREAM_SIZE_LATER);
    streams.push(ids.slice(start, start + size));
    start += size;
  }
  return streams;
}

export const loadThreshold = (viewportHeight: number, visibleStreams: number) =>
  Math.max(MIN_LOAD_THRESHOLD_PX, viewportHeight * (visibleStreams < 2 ? 1 : 2));

export const isBot = (userAgent: string) => /bot|crawler|spider|slurp|lighthouse/i.test(userAgent);

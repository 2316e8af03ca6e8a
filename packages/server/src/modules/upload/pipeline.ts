import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { MediaError } from '../../lib/media/index.js';
import { runFfmpeg as runTied } from '../../lib/media/ffmpeg.js';
import { STORAGE_MESSAGES, StorageUnavailableError, isStorageUnavailable } from '../../lib/unavailable.js';

/**
 * The post media pipeline (posts-and-feeds.md §3 `images`), made the way the seed makes its media (seed/images.ts,
 * seed/clips.ts) but for untrusted files: pixel limits, EXIF rotation, timeouts, and every failure a MediaError.
 *   pictureSet   image460, image700 (JPEG + WebP) and image460c, the top of a long picture at 4:5
 *   clipSet      image460sv: H.264 MP4 (`url`) + VP9 WebM (`vp9Url`), hasAudio, duration; plus the poster's pictureSet
 */

export type ImageVariant = { url: string; webpUrl: string; width: number; height: number };
export type PictureSet = { image460: ImageVariant; image700: ImageVariant; image460c?: ImageVariant };
export type ClipVariant = { url: string; vp9Url: string; hasAudio: boolean; duration: number; width: number; height: number };

export const MAIN_WIDTH = 700;
export const LIST_WIDTH = 460;
/** The long-post cover: the top of the list picture at 4:5 (as the seed's). */
export const COVER_HEIGHT = 575;
/** Decompression bombs: refuse images over 50 megapixels before decoding them. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Clips longer than this are refused (checked before converting). */
export const MAX_CLIP_SECONDS = 120;
const FFMPEG_TIMEOUT_MS = 300_000;

const JPEG = { quality: 82, mozjpeg: true } as const;
const WEBP = { quality: 78 } as const;

const unreadable = () => new MediaError('MEDIA_UNREADABLE', 'The file could not be read as an image or a video.');

/** True when a GIF has more than one frame (it then becomes a clip). */
export async function isAnimatedGif(path: string): Promise<boolean> {
  try {
    const meta = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS, animated: true }).metadata();
    return (meta.pages ?? 1) > 1;
  } catch {
    throw unreadable();
  }
}

/** Writes image700, image460 (and image460c for long pictures) into `outDir`; `baseUrl` is its public URL. */
export async function pictureSet(input: string, outDir: string, baseUrl: string): Promise<PictureSet> {
  await mkdir(outDir, { recursive: true });
  try {
    // One decode, EXIF-rotated, transparency flattened on white (JPEG has none), then every size from the raw pixels.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAIN_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const listWidth = Math.min(LIST_WIDTH, info.width);
    const listHeight = Math.max(1, Math.round((info.height * listWidth) / info.width));
    const variant = (name: string, width: number, height: number): ImageVariant => ({
      url: `${baseUrl}/${name}.jpg`,
      webpUrl: `${baseUrl}/${name}.webp`,
      width,
      height,
    });
    const jobs: Promise<unknown>[] = [
      raw().jpeg(JPEG).toFile(join(outDir, 'image700.jpg')),
      raw().webp(WEBP).toFile(join(outDir, 'image700.webp')),
      raw().resize({ width: listWidth }).jpeg(JPEG).toFile(join(outDir, 'image460.jpg')),
      raw().resize({ width: listWidth }).webp(WEBP).toFile(join(outDir, 'image460.webp')),
    ];
    const set: PictureSet = { image460: variant('image460', listWidth, listHeight), image700: variant('image700', info.width, info.height) };
    const coverHeight = Math.round((listWidth * COVER_HEIGHT) / LIST_WIDTH);
    if (listHeight > coverHeight) {
      const cover = () => raw().resize({ width: listWidth }).extract({ left: 0, top: 0, width: listWidth, height: coverHeight });
      jobs.push(cover().jpeg(JPEG).toFile(join(outDir, 'image460c.jpg')), cover().webp(WEBP).toFile(join(outDir, 'image460c.webp')));
      set.image460c = variant('image460c', listWidth, coverHeight);
    }
    await Promise.all(jobs);
    return set;
  } catch (error) {
    // A write that failed for want of room is the server's trouble (503), not the file's.
    throw isStorageUnavailable(error) ? error : unreadable();
  }
}

export type ClipProbe = { duration: number | null; hasAudio: boolean; hasVideo: boolean };

/** What ffmpeg reads in the file's header: duration, an audio stream, a video stream. */
export async function probeClip(input: string, signal?: AbortSignal): Promise<ClipProbe> {
  // ffmpeg without an output exits 1 after printing the input's streams: the stderr is what we want.
  const { stderr } = await runFfmpeg(['-hide_banner', '-nostdin', '-i', input], { signal, allowFailure: true });
  const d = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  return {
    duration: d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null,
    hasAudio: /Stream #\d+:\d+.*: Audio:/.test(stderr),
    hasVideo: /Stream #\d+:\d+.*: Video:/.test(stderr),
  };
}

export type ClipResult = { sv: ClipVariant; poster: PictureSet };

/**
 * Converts a GIF or a video into the list-size clip, MP4 and WebM in one ffmpeg run (at most 460 px wide, even
 * sizes, faststart), then takes a poster frame. `onProgress` gets 0..100 from ffmpeg's own progress output.
 */
export async function clipSet(
  input: string,
  outDir: string,
  baseUrl: string,
  options: { withAudio: boolean; duration: number | null; signal?: AbortSignal; onProgress?: (percent: number) => void },
): Promise<ClipResult> {
  await mkdir(outDir, { recursive: true });
  const mp4 = join(outDir, 'clip.mp4');
  const webm = join(outDir, 'clip.webm');
  const scale = `scale='trunc(min(${LIST_WIDTH},iw)/2)*2':-2:flags=bicubic,format=yuv420p`;
  const audio = (codec: string[]) => (options.withAudio ? ['-map', '0:a:0?', ...codec] : ['-an']);
  const seconds = String(MAX_CLIP_SECONDS);
  const { progressSeconds } = await runFfmpeg(
    [
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input, '-progress', 'pipe:1', '-nostats',
      '-map', '0:v:0', ...audio(['-c:a', 'aac', '-b:a', '96k']), '-t', seconds, '-vf', scale,
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-movflags', '+faststart', mp4,
      '-map', '0:v:0', ...audio(['-c:a', 'libopus', '-b:a', '64k']), '-t', seconds, '-vf', scale,
      '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '0', '-crf', '40', webm,
    ],
    {
      signal: options.signal,
      onProgressSeconds: (s) => {
        if (options.duration && options.onProgress) options.onProgress(Math.min(99, Math.round((s / options.duration) * 100)));
      },
    },
  );
  const duration = Math.round((options.duration ?? progressSeconds) * 100) / 100;
  const posterFile = join(outDir, 'poster.png');
  const at = Math.min(0.5, Math.max(0, duration / 2));
  await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', String(at), '-i', mp4, '-frames:v', '1', posterFile], { signal: options.signal });
  const poster = await pictureSet(posterFile, outDir, baseUrl);
  await rm(posterFile, { force: true });
  return {
    poster,
    sv: {
      url: `${baseUrl}/clip.mp4`,
      vp9Url: `${baseUrl}/clip.webm`,
      hasAudio: options.withAudio,
      duration,
      width: poster.image460.width,
      height: poster.image460.height,
    },
  };
}

type RunOptions = { signal?: AbortSignal | undefined; allowFailure?: boolean; onProgressSeconds?: (seconds: number) => void };

/**
 * Runs ffmpeg with a timeout, tied to this process (lib/media/ffmpeg.ts: it dies with the server, even on kill -9);
 * an abort (server closing) kills it. Failures are MEDIA_UNREADABLE.
 */
async function runFfmpeg(args: string[], options: RunOptions): Promise<{ stderr: string; progressSeconds: number }> {
  let progressSeconds = 0;
  const run = await runTied(args, {
    timeoutMs: FFMPEG_TIMEOUT_MS,
    signal: options.signal,
    onLine: (line) => {
      const m = /^out_time_us=(\d+)/.exec(line);
      if (m) {
        progressSeconds = Number(m[1]) / 1e6;
        options.onProgressSeconds?.(progressSeconds);
      }
    },
  }).catch(() => {
    throw unreadable();
  });
  if (run.code === 0 || (options.allowFailure && !run.aborted && !run.timedOut)) return { stderr: run.stderr, progressSeconds };
  throw STORAGE_MESSAGES.test(run.stderr) ? new StorageUnavailableError('ffmpeg found no room for its output') : unreadable();
}

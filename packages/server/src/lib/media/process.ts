import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { STORAGE_MESSAGES, StorageUnavailableError, isStorageUnavailable } from '../unavailable.js';
import { runFfmpeg as runTied } from './ffmpeg.js';
import { MediaError, type MediaFileType } from './receive.js';

/** The variants of one upload; structurally the comment service's MediaItem, reused by post uploads. */
export type MediaImage = { url: string; webpUrl?: string; width: number; height: number };
export type MediaVideo = { url: string; type: 'video/mp4' | 'video/webm'; width: number; height: number; duration?: number };
/**
 * `animated`: a silent clip (or an animated GIF), shown like a GIF (looping, muted, no controls). `video`: a clip with
 * a sound track, shown as a video (controls, sound, no loop). A clip has one of the two.
 */
export type ProcessedMedia = { type: 'static' | 'animated'; image: MediaImage; imageXLarge?: MediaImage; animated?: MediaVideo; video?: MediaVideo };

export type ProcessOptions = {
  /** Directory the variants are written to (created). */
  outDir: string;
  /** Public URL of `outDir`, without a trailing slash. */
  baseUrl: string;
  /** Width of `image` (default 700) and of `imageXLarge` (default 1400, only when the original is wider). */
  width?: number;
  xLargeWidth?: number;
  /** Longest accepted clip, seconds (default 120). */
  maxDurationSeconds?: number;
};

/** Decompression bombs: refuse images over 50 megapixels before decoding them. */
const MAX_INPUT_PIXELS = 50_000_000;
const FFMPEG_TIMEOUT_MS = 120_000;

const unreadable = () => new MediaError('MEDIA_UNREADABLE', 'The file could not be read as an image or a video.');
/** A write that failed for want of room is the server's trouble (503), not the file's. */
const unreadableUnlessStorage = (error: unknown) => (isStorageUnavailable(error) ? error : unreadable());

/** Makes the variants of a received file: images resized (JPEG or PNG, plus WebP); GIF, MP4 and WebM -> MP4 + poster. */
export async function processMedia(input: { path: string; type: MediaFileType }, options: ProcessOptions): Promise<ProcessedMedia> {
  await mkdir(options.outDir, { recursive: true });
  try {
    if (input.type === 'jpeg' || input.type === 'png') return await processImage(input.path, options);
    if (input.type === 'gif') {
      const meta = await sharp(input.path, { limitInputPixels: MAX_INPUT_PIXELS, animated: true }).metadata().catch(() => {
        throw unreadable();
      });
      if ((meta.pages ?? 1) <= 1) return await processImage(input.path, options);
    }
    return await processClip(input.path, input.type === 'gif', options);
  } catch (error) {
    await rm(options.outDir, { recursive: true, force: true });
    throw error;
  }
}

async function processImage(path: string, o: ProcessOptions): Promise<ProcessedMedia> {
  const width = o.width ?? 700;
  const xl = o.xLargeWidth ?? 1400;
  let meta: Metadata;
  try {
    meta = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw unreadable();
  }
  const image = await writeImageVariant(path, join(o.outDir, 'image'), `${o.baseUrl}/image`, width, meta.hasAlpha === true);
  const out: ProcessedMedia = { type: 'static', image };
  const orientedWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  if ((orientedWidth ?? 0) > width) {
    out.imageXLarge = await writeImageVariant(path, join(o.outDir, 'xlarge'), `${o.baseUrl}/xlarge`, xl, meta.hasAlpha === true);
  }
  return out;
}

async function writeImageVariant(input: string, base: string, baseUrl: string, width: number, alpha: boolean): Promise<MediaImage> {
  const pipeline = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
  const ext = alpha ? 'png' : 'jpg';
  try {
    const info = alpha
      ? await pipeline().png({ compressionLevel: 9 }).toFile(`${base}.${ext}`)
      : await pipeline().flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toFile(`${base}.${ext}`);
    await pipeline().webp({ quality: 80 }).toFile(`${base}.webp`);
    return { url: `${baseUrl}.${ext}`, webpUrl: `${baseUrl}.webp`, width: info.width, height: info.height };
  } catch (error) {
    throw unreadableUnlessStorage(error);
  }
}

async function processClip(path: string, silent: boolean, o: ProcessOptions): Promise<ProcessedMedia> {
  const clip = join(o.outDir, 'clip.mp4');
  const poster = join(o.outDir, 'poster.jpg');
  const maxWidth = 720;
  const args = [
    '-hide_banner', '-nostdin', '-y', '-i', path,
    '-t', String(o.maxDurationSeconds ?? 120),
    '-vf', `scale='min(${maxWidth},iw)':-2:flags=bicubic,scale=trunc(iw/2)*2:trunc(ih/2)*2`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p', '-movflags', '+faststart',
    ...(silent ? ['-an'] : ['-c:a', 'aac', '-b:a', '96k']),
    clip,
  ];
  const { stderr } = await runFfmpeg(args);
  const duration = parseDuration(stderr);
  // The transcode keeps a GIF silent (-an) and a video's sound: a clip whose input has a sound track is a video.
  const sound = !silent && inputHasAudio(stderr);
  await runFfmpeg(['-hide_banner', '-nostdin', '-y', '-i', clip, '-frames:v', '1', '-q:v', '3', poster]);
  let posterMeta: OutputInfo;
  try {
    posterMeta = await sharp(poster).webp({ quality: 80 }).toFile(join(o.outDir, 'poster.webp'));
  } catch (error) {
    throw unreadableUnlessStorage(error);
  }
  const size = { width: posterMeta.width, height: posterMeta.height };
  const variant: MediaVideo = { url: `${o.baseUrl}/clip.mp4`, type: 'video/mp4', ...size };
  if (duration !== null) variant.duration = duration;
  const image = { url: `${o.baseUrl}/poster.jpg`, webpUrl: `${o.baseUrl}/poster.webp`, ...size };
  return sound ? { type: 'animated', image, video: variant } : { type: 'animated', image, animated: variant };
}

/** ffmpeg tied to this process (it dies with the server, even on kill -9); any failure is MEDIA_UNREADABLE. */
async function runFfmpeg(args: string[]): Promise<{ stderr: string }> {
  const run = await runTied(args, { timeoutMs: FFMPEG_TIMEOUT_MS }).catch(() => {
    throw unreadable();
  });
  if (run.code !== 0) throw STORAGE_MESSAGES.test(run.stderr) ? new StorageUnavailableError('ffmpeg found no room for its output') : unreadable();
  return { stderr: run.stderr };
}

/** Whether ffmpeg's description of its input (before the stream mapping and output) lists an audio stream. */
export function inputHasAudio(stderr: string): boolean {
  const input = stderr.split(/^Stream mapping:|^Output #0/m)[0] ?? '';
  return /Stream #\d+:\d+.*: Audio:/.test(input);
}

function parseDuration(stderr: string): number | null {
  const m = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  if (!m) return null;
  return Math.round((Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 100) / 100;
}

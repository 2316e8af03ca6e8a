import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { checkFfmpeg, ffmpegCommand, runFfmpeg } from '../lib/media/ffmpeg.js';
import { faceOnlySvg, mediaUrl, memeSvg, writePictureSet, type MediaTarget, type PictureSet } from './images.js';

/** ffmpeg tied to this process (lib/media/ffmpeg.ts); a failure rejects with ffmpeg's own message. */
async function run(args: string[], timeoutMs: number): Promise<void> {
  const result = await runFfmpeg(args, { timeoutMs });
  if (result.code !== 0) throw new Error(`ffmpeg failed (${result.timedOut ? 'timed out' : `exit ${String(result.code)}`}): ${result.stderr.trim().slice(0, 500)}`);
}

/** posts.images.image460sv (posts-and-feeds.md §3): the list-size clip, H.264 in `url`, VP9 WebM in `vp9Url`. */
export type ClipVariant = { url: string; vp9Url: string; hasAudio: boolean; duration: number; width: number; height: number };
export type Clip = { kind: 'Animated' | 'Video'; sv: ClipVariant; poster: PictureSet };
export type ClipSpec = { seed: number; kind: 'Animated' | 'Video'; top: string; bottom: string };

const WIDTH = 460;
const FPS = 15;
/** How the face moves over the background; each clip takes one. */
const MOTIONS = [
  "x='(W-w)/2+(W-w)/2*sin(t*3)':y='(H-h)/2+30*abs(sin(t*6))'",
  "x='(W-w)/2+70*cos(t*4)':y='(H-h)/2+50*sin(t*4)'",
  "x='(W-w)/2+12*sin(t*40)':y='(H-h)/2+8*cos(t*35)'",
  "x='mod(t*260,W+w)-w':y='(H-h)/2'",
  "x='(W-w)/2':y='(H-h)/2-60*abs(sin(t*5))+30'",
] as const;

/** The system's ffmpeg (FFMPEG_PATH or PATH), or null when it does not run here (clips are then skipped). */
export async function findFfmpeg(): Promise<string | null> {
  try {
    checkFfmpeg();
    return ffmpegCommand();
  } catch {
    return null;
  }
}

/**
 * One short clip: a meme background (captions included) drawn with sharp, a cartoon face bouncing over it and the
 * colours cycling, encoded as MP4 (H.264, faststart) and WebM (VP9); Video clips are 16:9, longer, with a tone.
 * One thread per encoder: a few clips run side by side without starving the rest of the machine.
 */
export async function makeClip(target: MediaTarget, dir: string, spec: ClipSpec, index: number): Promise<Clip> {
  const outDir = join(target.mediaDir, dir);
  await mkdir(outDir, { recursive: true });
  const video = spec.kind === 'Video';
  const height = video ? 260 : WIDTH;
  const duration = video ? 3 : 2;
  const background = join(outDir, 'background.png');
  const face = join(outDir, 'face.png');
  await Promise.all([
    sharp(Buffer.from(memeSvg({ seed: spec.seed, top: spec.top, bottom: spec.bottom, height, width: WIDTH, face: false }))).png().toFile(background),
    sharp(Buffer.from(faceOnlySvg(spec.seed + 1, video ? 110 : 160))).png().toFile(face),
  ]);
  const motion = MOTIONS[index % MOTIONS.length] as string;
  const graph = `[0:v]hue=h='t*${60 + (index % 4) * 30}',format=yuv420p[bg];[bg][1:v]overlay=${motion}:shortest=1,format=yuv420p,split=2[v1][v2]`;
  // Finite inputs (-t before -i): whatever happens in the graph, ffmpeg cannot run forever.
  const seconds = String(duration);
  const inputs = ['-loop', '1', '-framerate', String(FPS), '-t', seconds, '-i', background, '-loop', '1', '-framerate', String(FPS), '-t', seconds, '-i', face];
  if (video) inputs.push('-f', 'lavfi', '-t', seconds, '-i', `sine=frequency=${330 + (index % 5) * 110}:beep_factor=4:sample_rate=44100`);
  const audio = (codec: string[]) => (video ? ['-map', '2:a', ...codec] : ['-an']);
  const mp4 = join(outDir, 'clip.mp4');
  const webm = join(outDir, 'clip.webm');
  const posterFile = join(outDir, 'poster.png');
  await run(
    [
      '-hide_banner', '-loglevel', 'error', '-y', ...inputs, '-filter_complex', graph,
      '-map', '[v1]', ...audio(['-c:a', 'aac', '-b:a', '64k']), '-t', String(duration), '-threads', '1',
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', mp4,
      '-map', '[v2]', ...audio(['-c:a', 'libopus', '-b:a', '48k']), '-t', String(duration), '-threads', '1',
      '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '0', '-crf', '42', '-pix_fmt', 'yuv420p', webm,
    ],
    120_000,
  );
  await run(['-hide_banner', '-loglevel', 'error', '-y', '-ss', '0.5', '-i', mp4, '-frames:v', '1', posterFile], 30_000);
  const poster = await writePictureSet(target, dir, { file: posterFile }, false);
  await Promise.all([rm(background), rm(face), rm(posterFile)]);
  return {
    kind: spec.kind,
    poster,
    sv: {
      url: mediaUrl(target, `${dir}/clip.mp4`),
      vp9Url: mediaUrl(target, `${dir}/clip.webm`),
      hasAudio: video,
      duration,
      width: WIDTH,
      height,
    },
  };
}


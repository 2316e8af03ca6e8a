import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processMedia } from './index.js';
import { ffmpegCommand } from './ffmpeg.js';
import { inputHasAudio } from './process.js';

const dir = mkdtempSync(join(tmpdir(), 'guffaw-clip-sound-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A one-second 64x48 clip, with a 440 Hz tone when `sound`. */
function makeClip(name: string, sound: boolean): string {
  const out = join(dir, name);
  execFileSync(ffmpegCommand(), [
    '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=5',
    ...(sound ? ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac'] : ['-an']),
    '-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', out,
  ]);
  return out;
}

describe('clips with and without sound', () => {
  it('stores an MP4 with a sound track as a video (controls and sound), not as a looping GIF-like clip', async () => {
    const item = await processMedia({ path: makeClip('talk.mp4', true), type: 'mp4' }, { outDir: join(dir, 'out-talk'), baseUrl: 'https://cdn.example/m/t' });
    expect(item.type).toBe('animated');
    expect(item.animated).toBeUndefined();
    expect(item.video).toMatchObject({ url: 'https://cdn.example/m/t/clip.mp4', type: 'video/mp4', width: 64, height: 48 });
    expect(item.image).toMatchObject({ url: 'https://cdn.example/m/t/poster.jpg' });
    // The sound is kept.
    const probe = spawnSync(ffmpegCommand(), ['-hide_banner', '-i', join(dir, 'out-talk', 'clip.mp4')], { encoding: 'utf8' });
    expect(inputHasAudio(probe.stderr)).toBe(true);
  });

  it('keeps a silent MP4 GIF-like', async () => {
    const item = await processMedia({ path: makeClip('quiet.mp4', false), type: 'mp4' }, { outDir: join(dir, 'out-quiet'), baseUrl: 'https://cdn.example/m/q' });
    expect(item.video).toBeUndefined();
    expect(item.animated).toMatchObject({ url: 'https://cdn.example/m/q/clip.mp4', width: 64, height: 48 });
  });

  it('reads the sound track from the input part of ffmpeg’s output only', () => {
    const both = 'Input #0, mov,mp4\n  Stream #0:0[0x1](und): Video: h264\n  Stream #0:1[0x2](und): Audio: aac (LC)\nStream mapping:\n  Stream #0:1 -> #0:1 (aac (native) -> aac (native))\nOutput #0, mp4\n  Stream #0:1(und): Audio: aac\n';
    const silent = 'Input #0, gif\n  Stream #0:0: Video: gif\nStream mapping:\n  Stream #0:0 -> #0:0\nOutput #0, mp4\n  Stream #0:1(und): Audio: aac\n';
    expect(inputHasAudio(both)).toBe(true);
    expect(inputHasAudio(silent)).toBe(false);
  });
});

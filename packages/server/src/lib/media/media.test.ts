import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, processMedia, receiveToFile } from './index.js';
import { ffmpegCommand } from './ffmpeg.js';

const dir = mkdtempSync(join(tmpdir(), 'guffaw-media-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

export const png = (width: number, height: number, alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 200, g: 10, b: 10, alpha: 0.5 } : '#c80a0a' } }).png().toBuffer();

export function clip(name: string, args: string[]): Buffer {
  const out = join(dir, name);
  execFileSync(ffmpegCommand(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=5', '-t', '1', ...args, out]);
  return readFileSync(out);
}

/** A stream that yields `total` bytes in chunks and counts how many were pulled. */
function counted(total: number, first: Buffer, chunk = 64 * 1024) {
  const state = { pulled: 0 };
  async function* gen() {
    yield first;
    state.pulled += first.length;
    while (state.pulled < total) {
      const size = Math.min(chunk, total - state.pulled);
      state.pulled += size;
      yield Buffer.alloc(size);
    }
  }
  return { stream: gen(), state };
}

describe('receiveToFile', () => {
  it('accepts the five types by their bytes, whatever the name', async () => {
    const samples: [string, Buffer][] = [
      ['png', await png(10, 10)],
      ['jpeg', await sharp(await png(10, 10)).jpeg().toBuffer()],
      ['gif', await sharp(await png(10, 10)).gif().toBuffer()],
      ['mp4', clip('a.mp4', ['-pix_fmt', 'yuv420p', '-c:v', 'libx264'])],
      ['webm', clip('a.webm', ['-c:v', 'libvpx-vp9', '-b:v', '100k'])],
    ];
    for (const [type, bytes] of samples) {
      const got = await receiveToFile(Readable.from([bytes]), join(dir, `in-${type}`));
      expect(got).toEqual({ bytes: bytes.length, type });
    }
  });

  it('refuses other types with IMAGE_INVALID_TYPE before reading on', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000)]);
    const { stream, state } = counted(5 * 1024 * 1024, pdf);
    await expect(receiveToFile(stream, join(dir, 'pdf'))).rejects.toMatchObject({ code: 'IMAGE_INVALID_TYPE' });
    expect(state.pulled).toBeLessThan(200_000);
    expect(existsSync(join(dir, 'pdf'))).toBe(false);
    await expect(receiveToFile(Readable.from([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]), join(dir, 'svg'))).rejects.toMatchObject({ code: 'IMAGE_INVALID_TYPE' });
    await expect(receiveToFile(Readable.from([]), join(dir, 'empty'))).rejects.toMatchObject({ code: 'MEDIA_UNREADABLE' });
  });

  it('refuses more than 10485760 bytes with IMAGE_INVALID_SIZE while streaming', async () => {
    const head = await png(10, 10);
    const exact = counted(MAX_UPLOAD_BYTES, head);
    expect((await receiveToFile(exact.stream, join(dir, 'exact'))).bytes).toBe(MAX_UPLOAD_BYTES);
    const { stream, state } = counted(50 * 1024 * 1024, head);
    await expect(receiveToFile(stream, join(dir, 'big'))).rejects.toMatchObject({ code: 'IMAGE_INVALID_SIZE' });
    // It stopped at the cap, not at the end of the 50 MB.
    expect(state.pulled).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 64 * 1024);
    expect(existsSync(join(dir, 'big'))).toBe(false);
  });
});

describe('processMedia', () => {
  it('resizes images into variants with WebP, keeping PNG for transparency', async () => {
    const input = join(dir, 'wide.png');
    await sharp(await png(1600, 800, true)).toFile(input);
    const item = await processMedia({ path: input, type: 'png' }, { outDir: join(dir, 'out-wide'), baseUrl: 'https://cdn.example/m/1' });
    expect(item.type).toBe('static');
    expect(item.image).toEqual({ url: 'https://cdn.example/m/1/image.png', webpUrl: 'https://cdn.example/m/1/image.webp', width: 700, height: 350 });
    expect(item.imageXLarge).toMatchObject({ width: 1400, height: 700 });
    expect((await sharp(join(dir, 'out-wide', 'image.webp')).metadata()).width).toBe(700);

    const small = join(dir, 'small.jpg');
    await sharp(await png(300, 200)).jpeg().toFile(small);
    const smallItem = await processMedia({ path: small, type: 'jpeg' }, { outDir: join(dir, 'out-small'), baseUrl: 'https://cdn.example/m/2' });
    expect(smallItem.image).toMatchObject({ url: 'https://cdn.example/m/2/image.jpg', width: 300, height: 200 });
    expect(smallItem.imageXLarge).toBeUndefined();
  });

  it('turns an animated GIF into an MP4 clip with a poster', async () => {
    const gif = join(dir, 'anim.gif');
    clip('anim.gif', []);
    const item = await processMedia({ path: gif, type: 'gif' }, { outDir: join(dir, 'out-gif'), baseUrl: 'https://cdn.example/m/3' });
    expect(item.type).toBe('animated');
    expect(item.animated).toMatchObject({ url: 'https://cdn.example/m/3/clip.mp4', type: 'video/mp4', width: 64, height: 48 });
    expect(item.image).toMatchObject({ url: 'https://cdn.example/m/3/poster.jpg', width: 64, height: 48 });
    expect(existsSync(join(dir, 'out-gif', 'clip.mp4'))).toBe(true);
  });

  it('reports a file that only looks like an image as MEDIA_UNREADABLE and leaves nothing behind', async () => {
    const broken = join(dir, 'broken.png');
    const bytes = await png(50, 50);
    execFileSync('sh', ['-c', `head -c 60 > ${broken}`], { input: bytes });
    await expect(processMedia({ path: broken, type: 'png' }, { outDir: join(dir, 'out-broken'), baseUrl: 'x' })).rejects.toMatchObject({ code: 'MEDIA_UNREADABLE' });
    expect(existsSync(join(dir, 'out-broken'))).toBe(false);
  });
});

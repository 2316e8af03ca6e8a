import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, compressPage, pageEncoding } from './compress.js';

describe('page compression', () => {
  it('answers with Brotli when offered, else gzip, else nothing; q=0 refuses an encoding', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pageEncoding('*')).toBe('br');
    expect(pageEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding('')).toBeNull();
    expect(pageEncoding(undefined)).toBeNull();
  });

  it('compresses a page so it reads back the same, and leaves a small page as is', () => {
    const html = `<!doctype html><p>${'a post’s title and its comments '.repeat(200)}</p>`;
    const br = compressPage(html, 'br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString('utf8')).toBe(html);
    expect((br.body as Buffer).length).toBeLessThan(html.length / 10);
    const gzip = compressPage(html, 'gzip');
    expect(gunzipSync(gzip.body as Buffer).toString('utf8')).toBe(html);
    expect(compressPage(html, null)).toEqual({ body: html, encoding: null });
    const small = '<p>hi</p>'.padEnd(COMPRESS_MIN_BYTES - 1, ' ');
    expect(compressPage(small, 'br')).toEqual({ body: small, encoding: null });
  });
});

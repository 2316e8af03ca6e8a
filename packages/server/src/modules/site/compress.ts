import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A page's HTML, compressed for the browser that asked: a post page is about 47 KB of markup and embedded state,
 * about 9 KB in Brotli. On a phone's slow link the page's first bytes are its first paint's critical path (the
 * stylesheets, the picture's preload and the scripts are all found in it), so it goes compressed. Brotli at quality
 * 5 takes about half a millisecond on such a page; gzip when the browser offers no Brotli; as is when it offers
 * neither. Pages carry a nonce per response, so they are compressed on the way out, never stored compressed.
 */

export type PageEncoding = 'br' | 'gzip';

/** Below this many bytes a page goes as is (the headers would cost about what compression saves). */
export const COMPRESS_MIN_BYTES = 1024;
const BROTLI_QUALITY = 5;

/** The encoding to answer with for an Accept-Encoding header: Brotli first, then gzip; none refused with q=0. */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  const offered = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) offered.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (name: string) => (offered.get(name) ?? (offered.has('*') ? (offered.get('*') ?? 0) : 0)) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

export function compressPage(html: string, encoding: PageEncoding | null): { body: string | Buffer; encoding: PageEncoding | null } {
  const bytes = Buffer.from(html, 'utf8');
  if (!encoding || bytes.length < COMPRESS_MIN_BYTES) return { body: html, encoding: null };
  const body =
    encoding === 'br'
      ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
      : gzipSync(bytes);
  return { body, encoding };
}

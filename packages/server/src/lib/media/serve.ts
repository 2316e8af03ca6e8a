import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidKey, type ByteRange, type MediaStore, type StoredObject } from './store.js';

/** The cache headers @fastify/static gave media (immutable: a changed file gets a new name). */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * GET and HEAD /media/{key}: the store's object, whichever instance answers. Single byte ranges (206 with
 * Content-Range; 416 with `bytes * /size` when none of it exists), ETag and Last-Modified with 304 for a matching
 * If-None-Match or If-Modified-Since. A key the store does not have, or that no upload could have made, is a 404;
 * a store that cannot be reached is a 503 (StorageUnavailableError, through the app's error handler).
 */
export function registerMediaRoutes(app: FastifyInstance, store: MediaStore): void {
  const handler = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const key = request.params['*'];
    if (!isValidKey(key)) return reply.callNotFound();
    const rangeHeader = request.headers.range;
    const conditional = request.headers['if-none-match'] !== undefined || request.headers['if-modified-since'] !== undefined;
    // A plain GET is one request to the store; HEAD, ranges and conditions first ask for the object's size and tag.
    let range: ByteRange | null = null;
    if (request.method === 'HEAD' || rangeHeader !== undefined || conditional) {
      const head = await store.head(key);
      if (!head) return reply.callNotFound();
      setHeaders(reply, head);
      if (notModified(request, head)) return reply.status(304).send();
      const parsed = rangeHeader === undefined ? null : parseRange(rangeHeader, head.size);
      if (parsed === 'unsatisfiable') {
        reply.removeHeader('content-type');
        return reply.status(416).header('cache-control', 'no-store').header('content-range', `bytes */${head.size}`).send();
      }
      if (request.method === 'HEAD') return reply.header('content-length', head.size).send();
      range = parsed;
    }
    const object = await store.get(key, range ?? undefined);
    if (!object) return reply.callNotFound();
    setHeaders(reply, object);
    if (range) {
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
      reply.header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', object.size);
    }
    return reply.send(object.body);
  };
  // exposeHeadRoutes off: HEAD asks the store for the object's facts only, never its bytes.
  app.get('/media/*', { exposeHeadRoute: false }, handler);
  app.head('/media/*', handler);
}

function setHeaders(reply: FastifyReply, o: StoredObject): void {
  reply.header('content-type', o.contentType);
  reply.header('accept-ranges', 'bytes');
  reply.header('cache-control', MEDIA_CACHE_CONTROL);
  if (o.etag) reply.header('etag', o.etag);
  reply.header('last-modified', o.lastModified.toUTCString());
}

function notModified(request: FastifyRequest, o: StoredObject): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const strip = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => o.etag !== '' && strip(tag) === strip(o.etag));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(o.lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * A Range header read as `send` (and so @fastify/static) read it: not `bytes=` or several ranges = the whole file
 * (null); a range that starts past the end or reads backwards = 'unsatisfiable'; an end past the file is clamped.
 */
export function parseRange(header: string, size: number): ByteRange | null | 'unsatisfiable' {
  const m = /^bytes=(.*)$/i.exec(header.trim());
  if (!m) return null;
  const parts = (m[1] ?? '').split(',');
  if (parts.length !== 1) return null;
  const spec = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(parts[0] ?? '');
  if (!spec || (spec[1] === '' && spec[2] === '')) return 'unsatisfiable';
  let start: number;
  let end: number;
  if (spec[1] === '') {
    // bytes=-N: the last N bytes.
    const suffix = Number(spec[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(spec[1]);
    end = spec[2] === '' ? size - 1 : Math.min(Number(spec[2]), size - 1);
  }
  if (size === 0 || start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { posix, join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import type { Config } from '../../config.js';
import { MEDIA_CACHE_CONTROL } from '../../lib/media/serve.js';
import { isValidKey, mediaBaseUrl, type MediaStore } from '../../lib/media/store.js';
import { workDir } from '../../lib/media/work-dir.js';
import { notFound } from '../../lib/envelope.js';
import type { Database } from '../../db/index.js';

/**
 * The cover of a masked post (posts-and-feeds.md §5 and §8, issue #23): its picture shrunk to 32 px wide and blurred,
 * under the mask's words. The reader's browser gets only this; the post's own variants are not asked for until the
 * mask is lifted. Made on first request from the post's smallest variant and kept in the media store beside it
 * (`posts/{id}/mask32.webp`), so a post marked sensitive or offensive at any time, and every post of an existing
 * database, has one without a separate job.
 */
export const MASK_COVER_WIDTH = 32;
const COVER_FILE = `mask${MASK_COVER_WIDTH}.webp`;

/** The cover's url of a post that shows a mask (nsfw or offensive), else null. */
export const maskCoverUrl = (config: Pick<Config, 'publicUrl'>, post: { id: string; nsfw: boolean; isOffensive: boolean }) =>
  post.nsfw || post.isOffensive ? `${config.publicUrl.replace(/\/$/, '')}/v1/mask-cover/${encodeURIComponent(post.id)}.webp` : null;

type Variant = { url?: unknown };

/** The media store key of the post's smallest picture, when it lives in this server's store. */
export function sourceKey(config: Pick<Config, 'publicUrl' | 'mediaPublicUrl'>, images: unknown): string | null {
  const set = (images ?? {}) as Record<string, Variant | undefined>;
  const url = [set.image460, set.image460c, set.image700].map((v) => v?.url).find((u): u is string => typeof u === 'string' && u !== '');
  if (!url) return null;
  const bases = [mediaBaseUrl(config), `${config.publicUrl.replace(/\/$/, '')}/media`, '/media'];
  for (const base of bases) {
    if (!url.startsWith(`${base}/`)) continue;
    const key = decodeURIComponent(url.slice(base.length + 1).split(/[?#]/)[0] ?? '');
    return isValidKey(key) ? key : null;
  }
  return null;
}

export const coverKeyOf = (key: string) => posix.join(posix.dirname(key), COVER_FILE);

/** The blurred cover's bytes: made from the source picture's bytes. */
export async function makeMaskCover(picture: Buffer): Promise<Buffer> {
  return sharp(picture).resize({ width: MASK_COVER_WIDTH }).blur(1.2).webp({ quality: 50 }).toBuffer();
}

const readAll = async (body: NodeJS.ReadableStream): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as string));
  return Buffer.concat(parts);
};

/** The cover of `postId` (made and stored on first call), or null when the post shows no mask or has no picture of ours. */
export async function maskCover(db: Database, config: Config, store: MediaStore, postId: string): Promise<Buffer | null> {
  const post = await db.selectFrom('posts').select(['images', 'nsfw', 'isOffensive']).where('id', '=', postId).where('status', '=', 'live').executeTakeFirst();
  if (!post || !(post.nsfw || post.isOffensive)) return null;
  const key = sourceKey(config, post.images);
  if (!key) return null;
  const coverKey = coverKeyOf(key);
  const stored = await store.get(coverKey);
  if (stored) return readAll(stored.body);
  const source = await store.get(key);
  if (!source) return null;
  const cover = await makeMaskCover(await readAll(source.body));
  const tmp = join(workDir(config.dataDir), `mask-${randomBytes(6).toString('hex')}.webp`);
  try {
    await writeFile(tmp, cover);
    await store.put(coverKey, tmp);
  } finally {
    await rm(tmp, { force: true });
  }
  return cover;
}

/** GET /v1/mask-cover/{postId}.webp: the blurred cover; 404 for a post without a mask or a picture. */
export const maskCoverRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { file: string } }>(
    '/v1/mask-cover/:file',
    { schema: { params: { type: 'object', properties: { file: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}\\.webp$' } }, required: ['file'] } } },
    async (request, reply) => {
      const cover = await maskCover(app.db, app.config, app.media, request.params.file.replace(/\.webp$/, ''));
      if (!cover) throw notFound('MASK_COVER_NOT_FOUND', 'This post has no masked picture.');
      return reply.header('content-type', 'image/webp').header('cache-control', MEDIA_CACHE_CONTROL).header('content-length', cover.length).send(cover);
    },
  );
};

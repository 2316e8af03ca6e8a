import { envelope, MemeTemplatesReply, type MemeTemplate } from '@guffaw/api';
import type { FastifyPluginAsync } from 'fastify';
import { success } from '../../lib/envelope.js';
import type { MediaStore } from '../../lib/media/store.js';

/** The media store folder of the meme maker's templates (the demo seed writes a dozen: seed/templates.ts). */
export const TEMPLATE_PREFIX = 'meme-templates';

export type { MemeTemplate } from '@guffaw/api';

/** "03-before-and-after.jpg" → "Before and after". */
const nameOf = (file: string) => {
  const words = file.replace(/\.[a-z]+$/i, '').replace(/^\d+[-_]/, '').replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The pictures (JPEG, PNG, WebP) in the templates folder, by file name. Each url is this server's own /media/ path,
 * so the meme maker's canvas draws it without crossing origins (a crossed one could not be exported).
 */
export async function listMemeTemplates(store: MediaStore): Promise<MemeTemplate[]> {
  const found: MemeTemplate[] = [];
  for await (const object of store.list(TEMPLATE_PREFIX)) {
    const file = object.key.slice(TEMPLATE_PREFIX.length + 1);
    if (file.includes('/') || !/\.(jpe?g|png|webp)$/i.test(file)) continue;
    found.push({ id: file.replace(/\.[a-z]+$/i, ''), name: nameOf(file), url: `/media/${object.key}` });
  }
  return found.sort((a, b) => a.id.localeCompare(b.id));
}

/** GET /v1/meme-templates: {templates: [{id, name, url}]}, read-only, the same for everyone. */
export const memeTemplateRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/meme-templates', { schema: { response: { 200: envelope(MemeTemplatesReply) } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return success({ templates: await listMemeTemplates(app.media) });
  });
};

import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { envelope, UploadStatus } from '@guffaw/api';
import { HttpError, badRequest, success, unauthorized } from '../../lib/envelope.js';
import { refuseNul } from '../../lib/input-guard.js';
import { isMediaError, type MediaFileType } from '../../lib/media/index.js';
import { workDir } from '../../lib/media/work-dir.js';
import { sessionUser } from '../accounts/sessions.js';
import { MAX_FILE_BYTES, parseFields, statusQuery, type StatusQuery } from './schemas.js';
import * as service from './service.js';

/**
 * Uploads (posts-and-feeds.md §7 POST /submit; fields and limits in ./schemas.ts). Members only; CSRF as every
 * other POST of the site (lib/csrf.ts, app-wide); at most UPLOADS_PER_HOUR a member. Replies data = UploadStatus:
 * 'ready' with the post, or 'processing' for a GIF or video, followed with GET /v1/submit-status?id= until ready
 * or failed. Every refusal is a 4xx with its code; a refused upload writes nothing.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const queue = new service.ClipQueue();
  const ctx: service.UploadContext = { db: app.db, config: app.config, media: app.media, queue };
  app.addHook('onClose', () => queue.close());
  // Conversions a killed server left half done: their inputs are gone with its work folder, so they are failed now
  // rather than after STALE_MS; nothing of theirs reached media/ (lib/media/work-dir.ts).
  await service.recoverInterrupted(ctx).catch((error: Error) => app.log.warn({ reason: error.message }, 'interrupted uploads not recovered'));

  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES + 1, files: 1, fields: 16, fieldSize: 100_000, parts: 20 },
    throwFileSizeLimit: false,
  });

  async function member(request: FastifyRequest): Promise<number> {
    const user = await sessionUser(request);
    if (!user) throw unauthorized('LOGIN_REQUIRED', 'Log in to post.');
    return user.id;
  }

  const statusReply = { 200: envelope(UploadStatus) } as const;

  app.post('/submit', { schema: { response: statusReply } }, async (request) => {
    const userId = await member(request);
    await service.checkUploader(ctx, userId);
    if (!request.isMultipart()) throw badRequest('MULTIPART_REQUIRED', 'Send the post as multipart/form-data.');
    const tmp = join(workDir(app.config.dataDir), `post-${randomUUID()}`);
    try {
      const raw: Record<string, string> = {};
      let draft: Awaited<ReturnType<typeof service.prepare>> | null = null;
      let file: { path: string; type: MediaFileType } | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.valueTruncated) throw badRequest('FIELD_TOO_LONG', `The field "${part.fieldname.slice(0, 32)}" is too long.`);
          if (typeof part.value === 'string') raw[refuseNul(part.fieldname, 'name')] = refuseNul(part.value, part.fieldname);
          continue;
        }
        try {
          if (part.fieldname !== 'file') throw badRequest('UNEXPECTED_FILE', 'Send the file in the field "file".');
          draft = await service.prepare(ctx, userId, parseFields(raw), true);
          const received = await service.receive(part.file, tmp);
          file = { path: tmp, type: received.type };
        } catch (error) {
          part.file.resume();
          throw error;
        }
      }
      draft ??= await service.prepare(ctx, userId, parseFields(raw), false);
      return success(await service.publish(ctx, draft, file));
    } catch (error) {
      if (isMediaError(error)) throw new HttpError(error.code === 'IMAGE_INVALID_SIZE' ? 413 : 400, error.code, error.message);
      throw error;
    } finally {
      await rm(tmp, { force: true });
    }
  });

  app.get<{ Querystring: StatusQuery }>('/v1/submit-status', { schema: { querystring: statusQuery, response: statusReply } }, async (request, reply) => {
    const userId = await member(request);
    reply.header('cache-control', 'private, no-store');
    return success(await service.uploadStatus(ctx, userId, request.query.id));
  });
};

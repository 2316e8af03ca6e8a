import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Attachment } from '@guffaw/comments-client';
import { badRequest, commentOk } from '../../../lib/envelope.js';
import { refuseNul } from '../../../lib/input-guard.js';
import { MAX_UPLOAD_BYTES, MediaError, processMedia, receiveToFile } from '../../../lib/media/index.js';
import { mediaBaseUrl } from '../../../lib/media/store.js';
import { makeInWorkDir, workDir } from '../../../lib/media/work-dir.js';
import { isSafeFetchError, safeFetch } from '../../../lib/safe-fetch.js';
import { parsePreview } from '../links.js';
import type { AppRow } from '../repo/index.js';
import * as s from '../schemas.js';
import { assertLinksAllowed, assertMediaAllowed, mediaKindOf, possibleKinds, readAppSettings } from '../service/settings.js';
import type { Viewer } from '../service/types.js';
import type { RouteKit } from './kit.js';
import { parseUrl } from './parse.js';

/** Attachments: link previews (link-attachment.json) and media uploads (media.json, a file or a url). */
export function uploadRoutes(app: FastifyInstance, kit: RouteKit): void {
  const { service, limited, context, proved, fetchOptions } = kit;
  app.post<{ Body: s.LinkAttachmentBody }>(
    '/link-attachment.json',
    { schema: { body: s.linkAttachmentSchema }, config: limited('upload') },
    async (request) => {
      const b = request.body;
      const { app: commentApp, viewer } = await context(request, b.appId, b.auth, proved);
      const v = service.requireActive(viewer);
      assertLinksAllowed(readAppSettings(commentApp.settings));
      const page = await safeFetch(parseUrl(b.url), { ...fetchOptions, maxBytes: 1024 * 1024, timeoutMs: 5000, accept: 'text/html,application/xhtml+xml' });
      if (page.status >= 400) throw badRequest('LINK_UNAVAILABLE', `The page answered with status ${page.status}.`);
      const html = /html|xml/i.test(page.contentType) ? page.body.toString('utf8') : '';
      const link = parsePreview(html, page.url);
      return commentOk<Attachment>(await service.storeAttachment(commentApp, v, { kind: 'link', token: service.newToken(), item: link }));
    },
  );

  app.post('/media.json', { config: limited('upload') }, async (request) => {
    const token = service.newToken();
    const tmp = join(workDir(app.config.dataDir), `upload-${token}`);
    try {
      if (request.isMultipart()) {
        const fields: Record<string, string> = {};
        let result: { app: AppRow; viewer: Viewer; stored: Awaited<ReturnType<typeof receiveToFile>> } | null = null;
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[refuseNul(part.fieldname, 'name')] = refuseNul(part.value, part.fieldname);
            continue;
          }
          if (result) {
            part.file.resume();
            continue;
          }
          // The file is refused before reading it unless app and auth came first (FormData keeps insertion order).
          try {
            const { app: commentApp, viewer } = await context(request, requireAppId(fields.appId), fields.auth, proved);
            const v = service.requireActive(viewer);
            const stored = await receiveToFile(part.file, tmp);
            if (part.file.truncated) throw new MediaError('IMAGE_INVALID_SIZE', 'Media size should be less than 10MB');
            result = { app: commentApp, viewer: v, stored };
          } catch (error) {
            part.file.resume();
            throw error;
          }
        }
        if (!result) {
          if (!fields.url) throw badRequest('BLOB_REQUIRED', 'Send a file as blob, or a url.');
          return commentOk(await fromUrl(request, fields, token, tmp));
        }
        return commentOk(await finish(result.app, result.viewer, result.stored.type, token, tmp));
      }
      const body = (request.body ?? {}) as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
      if (!fields.url) throw badRequest('BLOB_REQUIRED', 'Send a file as blob (multipart), or a url.');
      return commentOk(await fromUrl(request, fields, token, tmp));
    } finally {
      await rm(tmp, { force: true });
    }
  });

  function requireAppId(v: string | undefined): string {
    if (!v || !/^[A-Za-z0-9_-]{1,64}$/.test(v)) throw badRequest('APP_ID_REQUIRED', 'appId is required (before the file).');
    return v;
  }

  async function fromUrl(request: FastifyRequest, fields: Record<string, string>, token: string, tmp: string) {
    const { app: commentApp, viewer } = await context(request, requireAppId(fields.appId), fields.auth, proved);
    const v = service.requireActive(viewer);
    const res = await safeFetch(parseUrl(fields.url ?? ''), { ...fetchOptions, maxBytes: MAX_UPLOAD_BYTES, timeoutMs: 15_000 }).catch((error) => {
      if (isSafeFetchError(error) && error.code === 'FETCH_TOO_LARGE') throw new MediaError('IMAGE_INVALID_SIZE', 'Media size should be less than 10MB');
      throw error;
    });
    if (res.status >= 400) throw badRequest('MEDIA_UNAVAILABLE', `The media url answered with status ${res.status}.`);
    const stored = await receiveToFile(Readable.from([res.body]), tmp);
    return finish(commentApp, v, stored.type, token, tmp);
  }

  async function finish(commentApp: AppRow, viewer: Viewer, type: Parameters<typeof processMedia>[0]['type'], token: string, tmp: string) {
    // An app's own CDN host first, then MEDIA_PUBLIC_URL, then this service's /media/ (lib/media/store.ts).
    const settings = readAppSettings(commentApp.settings);
    assertMediaAllowed(settings, possibleKinds(type));
    const base = commentApp.cdnHost ? `${commentApp.cdnHost.replace(/\/$/, '')}/media` : app.config.mediaPublicUrl ? mediaBaseUrl(app.config) : `${service.mediaBaseUrl().replace(/\/$/, '')}/media`;
    // Made in this process's work folder and handed to the media store whole: a kill -9 leaves no half-written folder (work-dir.ts).
    const item = await makeInWorkDir(app.config.dataDir, app.media, `comments/${token}`, (dir) => processMedia({ path: tmp, type }, { outDir: dir, baseUrl: `${base}/comments/${token}` }));
    assertMediaAllowed(settings, [mediaKindOf(item)]);
    return service.storeAttachment(commentApp, viewer, { kind: 'userMedia', token, item });
  }
}

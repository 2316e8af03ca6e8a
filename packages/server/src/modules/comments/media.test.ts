import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Attachment, Comment } from '@guffaw/comments-client';
import { describeEachDatabase } from '../../../test/harness.js';
import { createApp, createCommentsTestApp, makeModerator, post, tokenFor, type CommentsTestApp } from './test-kit.js';

const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#0a64c8' } }).png().toBuffer();

async function multipart(t: CommentsTestApp, fields: [string, string | Blob][]) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  const res = new Response(form);
  const payload = Buffer.from(await res.arrayBuffer());
  const reply = await t.app.inject({ method: 'POST', url: '/comments/v2/media.json', payload, headers: { 'content-type': res.headers.get('content-type') as string } });
  return { status: reply.statusCode, body: reply.json() as { status: string; code?: string; payload: Attachment } };
}

describeEachDatabase('comment media and link attachments', (kind) => {
  let t: CommentsTestApp;
  let server: Server;
  let app: { id: string; secret: string };
  let member: string;
  let other: string;
  let moderator: string;
  let fixture: string;
  const pageUrl = 'https://site.example/article';

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      if (req.url === '/article') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(`<html><head><title>Fallback</title>
          <meta property="og:title" content="A &amp; B <script>">
          <meta property="og:description" content="What happened">
          <meta property="og:image" content="/img.png"><meta property="og:site_name" content="Site"></head></html>`);
      }
      if (req.url === '/img.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(await png(40, 30));
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    fixture = `http://fixture.test:${port}`;
    t = await createCommentsTestApp(kind, {
      // The fixture is on loopback: allow exactly that address and port, for a made-up host name.
      fetchOptions: {
        allowAddress: (a) => a === '127.0.0.1',
        allowedPorts: [80, 443, port],
        resolve: async (host) => (host === 'fixture.test' ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }]),
      },
    });
    app = await createApp(t.db, 'media', {});
    member = await tokenFor(app, 'm1');
    other = await tokenFor(app, 'm2');
    moderator = await tokenFor(app, 'mod');
    await makeModerator(t.db, 'media', 'mod');
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const mediaFiles = () => (existsSync(join(t.config.dataDir, 'media', 'comments')) ? readdirSync(join(t.config.dataDir, 'media', 'comments')) : []);

  it('uploads an image for a member and attaches it to their comment only', async () => {
    const res = await multipart(t, [['appId', 'media'], ['auth', member], ['blob', new Blob([await png(900, 600)], { type: 'image/png' })]]);
    expect(res.status).toBe(200);
    const attachment = res.body.payload;
    expect(attachment.type).toBe('userMedia');
    if (attachment.type !== 'userMedia') return;
    expect(attachment.media.image).toMatchObject({ width: 700, height: 467 });
    expect(attachment.media.image.url).toBe(`${t.config.commentsPublicUrl}/media/comments/${attachment.token}/image.jpg`);
    expect(existsSync(join(t.config.dataDir, 'media', 'comments', attachment.token, 'image.webp'))).toBe(true);

    const refs = JSON.stringify([{ type: 'userMedia', token: attachment.token }]);
    const stolen = await post(t.app, 'add-comment.json', { appId: 'media', auth: other, url: pageUrl, text: '', attachments: refs });
    expect(stolen.body.code).toBe('ATTACHMENT_NOT_FOUND');
    const added = await post(t.app, 'add-comment.json', { appId: 'media', auth: member, url: pageUrl, text: '', attachments: refs });
    expect(added.status).toBe(200);
    const comment = added.body.payload.comment as Comment;
    expect(comment.type).toBe('userMedia');
    expect(comment.media).toEqual([attachment.media]);
  });

  it('refuses visitors, banned users, wrong types and oversized files with 4xx, storing nothing', async () => {
    const before = mediaFiles().length;
    const image = new Blob([await png(20, 20)]);
    const visitor = await multipart(t, [['appId', 'media'], ['blob', image]]);
    expect([visitor.status, visitor.body.code]).toEqual([401, 'AUTH_REQUIRED']);
    const late = await multipart(t, [['blob', image], ['appId', 'media'], ['auth', member]]);
    expect([late.status, late.body.code]).toEqual([400, 'APP_ID_REQUIRED']);
    const text = await multipart(t, [['appId', 'media'], ['auth', member], ['blob', new Blob(['just text, named .png'], { type: 'image/png' })]]);
    expect([text.status, text.body.code]).toEqual([400, 'IMAGE_INVALID_TYPE']);
    const huge = Buffer.concat([await png(20, 20), Buffer.alloc(10_485_760)]);
    const big = await multipart(t, [['appId', 'media'], ['auth', member], ['blob', new Blob([huge])]]);
    expect([big.status, big.body.code]).toEqual([413, 'IMAGE_INVALID_SIZE']);
    const nothing = await multipart(t, [['appId', 'media'], ['auth', member]]);
    expect([nothing.status, nothing.body.code]).toEqual([400, 'BLOB_REQUIRED']);

    const bannedToken = await tokenFor(app, 'to-ban');
    const bannedUser = (await post(t.app, 'user.json', { appId: 'media', auth: bannedToken })).body.payload.info as { userId: string };
    expect((await post(t.app, 'admin/ban', { appId: 'media', auth: moderator, userId: bannedUser.userId })).status).toBe(200);
    const banned = await multipart(t, [['appId', 'media'], ['auth', bannedToken], ['blob', image]]);
    expect([banned.status, banned.body.code]).toEqual([403, 'USER_BANNED']);
    expect(mediaFiles().length).toBe(before);
    const count = await t.db.selectFrom('commentMedia').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('uploads from a url through the SSRF-safe fetch', async () => {
    const res = await multipart(t, [['appId', 'media'], ['auth', member], ['url', `${fixture}/img.png`]]);
    expect(res.status).toBe(200);
    expect(res.body.payload.type).toBe('userMedia');
    const form = await post(t.app, 'media.json', { appId: 'media', auth: member, url: 'http://internal.example/secret.png' });
    expect([form.status, form.body.code]).toEqual([400, 'URL_NOT_ALLOWED']);
  });

  it('reads a link preview as text, refusing private addresses', async () => {
    const res = await post(t.app, 'link-attachment.json', { appId: 'media', auth: member, url: `${fixture}/article` });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({
      type: 'link',
      link: { url: `${fixture}/article`, title: 'A & B <script>', description: 'What happened', imageUrl: `${fixture}/img.png`, siteName: 'Site' },
    });
    const token = (res.body.payload as { token: string }).token;
    const added = await post(t.app, 'add-comment.json', { appId: 'media', auth: member, url: pageUrl, text: 'look', attachments: JSON.stringify([{ type: 'link', token }]) });
    expect((added.body.payload.comment as Comment).links[0]?.title).toBe('A & B <script>');
    const denied = await post(t.app, 'link-attachment.json', { appId: 'media', auth: member, url: 'http://metadata.example/latest' });
    expect([denied.status, denied.body.code]).toEqual([400, 'URL_NOT_ALLOWED']);
    expect((await post(t.app, 'link-attachment.json', { appId: 'media', url: `${fixture}/article` })).status).toBe(401);
    const missing = await post(t.app, 'link-attachment.json', { appId: 'media', auth: member, url: `${fixture}/nothing` });
    expect([missing.status, missing.body.code]).toEqual([400, 'LINK_UNAVAILABLE']);
  });
});

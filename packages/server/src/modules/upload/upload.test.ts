import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { clearPosts, interestId, makeUser, type TestUser } from '../posts/test-fixtures.js';
import { parseFields, UPLOADS_PER_HOUR } from './schemas.js';
import { ffmpegCommand } from '../../lib/media/ffmpeg.js';
import { workDir, workDirName } from '../../lib/media/work-dir.js';
import { ClipQueue, recoverInterrupted } from './service.js';

const dir = mkdtempSync(join(tmpdir(), 'guffaw-upload-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#1e90ff' } }).png().toBuffer();

/** A short test clip made by ffmpeg (testsrc, optionally with a tone). */
function clip(name: string, args: string[], audio = false): Buffer {
  const out = join(dir, name);
  const inputs = ['-f', 'lavfi', '-i', 'testsrc=size=96x64:rate=10', ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050'] : [])];
  execFileSync(ffmpegCommand(), ['-hide_banner', '-loglevel', 'error', '-y', ...inputs, '-t', '1', ...args, out]);
  return readFileSync(out);
}

type Fields = Record<string, string>;
type FilePart = { bytes: Buffer; name: string; mime: string };

/** A multipart body the way the site's FormData sends it: the fields first, the file last. */
async function form(fields: Fields, file?: FilePart) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.name);
  const request = new Request('http://localhost/submit', { method: 'POST', body: fd });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') as string };
}

describe('parseFields', () => {
  it('canonicalises tags and checks every limit', () => {
    const f = parseFields({ type: 'Photo', title: '  Hello   world ', tags: 'Funny Cats, funny cats ,dogs', interests: 'Memes' });
    expect(f).toMatchObject({ title: 'Hello world', tags: ['funny-cats', 'dogs'], interests: ['memes'] });
    expect(() => parseFields({ type: 'Photo', title: 'x'.repeat(281) })).toThrow(/280/);
    expect(() => parseFields({ type: 'Photo', title: 'x'.repeat(280) })).not.toThrow();
    expect(() => parseFields({ type: 'Photo', title: 't', tags: 'a,b,c,d,e,f' })).toThrow(/up to 5 tags/);
    expect(() => parseFields({ type: 'Photo', title: 't', tags: '<b>' })).toThrow(/not a valid tag/);
    expect(() => parseFields({ type: 'Photo', title: 't', interests: 'a,b,c,d' })).toThrow(/up to 3 interests/);
    expect(() => parseFields({ type: 'Photo', title: 't', sourceUrl: 'javascript:alert(1)' })).toThrow(/http/);
    expect(parseFields({ type: 'Photo', title: 't', sourceUrl: 'https://www.example.org/a' }).sourceDomain).toBe('example.org');
  });
});

describeEachDatabase('POST /submit', (kind) => {
  let t: TestApp;
  let member: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await clearPosts(t.db);
    member = await makeUser(t.db, 'uploader');
    other = await makeUser(t.db, 'other');
    await interestId(t.db, 'memes');
  });

  const submit = async (user: TestUser | null, fields: Fields, file?: FilePart, headers: Record<string, string> = {}) => {
    const { payload, contentType } = await form(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/submit',
      headers: { 'content-type': contentType, ...(user ? user.headers : {}), ...headers },
      payload,
    });
  };
  const status = (user: TestUser, id: string) => t.app.inject({ method: 'GET', url: `/v1/submit-status?id=${id}`, headers: user.headers });
  /** Follows a background conversion to its end, as the site does. */
  async function settle(user: TestUser, id: string) {
    for (let i = 0; i < 600; i++) {
      const res = await status(user, id);
      const data = res.json().data as { status: string };
      if (data.status !== 'processing') return res.json().data as Record<string, unknown>;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('conversion did not end');
  }
  const mediaFiles = (id: string) => {
    const d = join(t.config.dataDir, 'media', 'posts', id);
    return existsSync(d) ? readdirSync(d).sort() : [];
  };
  const postCount = async () => Number((await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const jpeg = async () => ({ bytes: await sharp(await png(900, 600)).jpeg().toBuffer(), name: 'photo.jpg', mime: 'image/jpeg' });

  it('refuses visitors (401), foreign origins (403) and non-multipart bodies (400)', async () => {
    const visitor = await submit(null, { type: 'Photo', title: 'Hi' }, await jpeg());
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().meta).toMatchObject({ status: 'Failure', errorCode: 'LOGIN_REQUIRED' });
    const foreign = await submit(member, { type: 'Photo', title: 'Hi' }, await jpeg(), { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().meta.errorCode).toBe('FORBIDDEN_ORIGIN');
    const json = await t.app.inject({ method: 'POST', url: '/submit', headers: member.headers, payload: { type: 'Text', title: 'x', description: 'y' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().meta.errorCode).toBe('MULTIPART_REQUIRED');
    expect(await postCount()).toBe(0);
  });

  it('publishes a photo with image460 and image700 (JPEG + WebP), tags and interests, in the uploads and lists', async () => {
    const res = await submit(
      member,
      { type: 'Photo', title: 'My first meme', description: 'so true', tags: 'Funny Cats, dogs', interests: 'memes', meme: '1', sourceUrl: 'https://www.example.org/x' },
      await jpeg(),
      { origin: t.config.publicUrl },
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'ready', progress: 100, type: 'Photo', url: `${t.config.publicUrl}/gag/${data.id}` });
    expect(data.id).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(data.post).toMatchObject({ id: data.id, title: 'My first meme', description: 'so true', type: 'Photo', isMeme: true, sourceDomain: 'example.org' });
    const images = data.post.images;
    expect(images.image700).toMatchObject({ width: 700, height: 467, url: `${t.config.publicUrl}/media/posts/${data.id}/image700.jpg` });
    expect(images.image700.webpUrl).toMatch(/image700\.webp$/);
    expect(images.image460).toMatchObject({ width: 460, height: 307 });
    expect(images.image460c).toBeUndefined();
    expect(mediaFiles(data.id)).toEqual(['image460.jpg', 'image460.webp', 'image700.jpg', 'image700.webp']);
    expect((await sharp(join(t.config.dataDir, 'media', 'posts', data.id, 'image460.webp')).metadata()).format).toBe('webp');
    expect(data.post.tags.map((tag: { key: string }) => tag.key)).toEqual(['funny-cats', 'dogs']);

    const mine = await t.app.inject({ method: 'POST', url: '/v1/user-posts/username/uploader/type/posts', headers: member.headers });
    expect(mine.json().data.posts.map((p: { id: string }) => p.id)).toEqual([data.id]);
    const fresh = await t.app.inject({ method: 'POST', url: '/v1/feed-posts/type/fresh', headers: other.headers });
    expect(fresh.json().data.posts.map((p: { id: string }) => p.id)).toContain(data.id);
    const info = await t.app.inject({ method: 'POST', url: '/v1/user-info', headers: member.headers });
    expect(info.json().data.uploads).toContain(data.id);
    const interest = await t.app.inject({ method: 'GET', url: '/v1/interest-posts/interest/memes/type/fresh' });
    expect(interest.json().data.posts.map((p: { id: string }) => p.id)).toContain(data.id);

    // The uploader may delete it (DELETE /v1/post); nobody else may.
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/post?id=${data.id}`, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/post?id=${data.id}`, headers: member.headers })).statusCode).toBe(200);
  });

  it('makes the long cover image460c for a tall picture; a PNG posted as Video is a Photo (type by content)', async () => {
    const res = await submit(member, { type: 'Video', title: 'Long one' }, { bytes: await png(700, 2100), name: 'tall.mp4', mime: 'video/mp4' });
    expect(res.statusCode, res.body).toBe(200);
    const post = res.json().data.post;
    expect(post.type).toBe('Photo');
    expect(post.hasLongPostCover).toBe(true);
    expect(post.images.image460c).toMatchObject({ width: 460, height: 575 });
    expect(mediaFiles(post.id)).toContain('image460c.webp');
  });

  it('refuses files by their content, whatever their name, and writes nothing', async () => {
    const postsDir = join(t.config.dataDir, 'media', 'posts');
    const listing = () => (existsSync(postsDir) ? readdirSync(postsDir).sort() : []);
    const before = listing();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6000)]);
    const res = await submit(member, { type: 'Photo', title: 'Not a picture' }, { bytes: pdf, name: 'x.png', mime: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta).toMatchObject({ errorCode: 'IMAGE_INVALID_TYPE', errorMessage: expect.stringMatching(/JPEG, PNG or GIF/) });
    const svg = await submit(member, { type: 'Photo', title: 'svg' }, { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'a.png', mime: 'image/png' });
    expect(svg.statusCode).toBe(400);
    const noisy = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
    const truncated = noisy.subarray(0, 5000);
    const broken = await submit(member, { type: 'Photo', title: 'broken' }, { bytes: truncated, name: 'a.png', mime: 'image/png' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().meta.errorCode).toBe('MEDIA_UNREADABLE');
    const empty = await submit(member, { type: 'Photo', title: 'empty' }, { bytes: Buffer.alloc(0), name: 'a.png', mime: 'image/png' });
    expect(empty.statusCode).toBe(400);
    expect(await postCount()).toBe(0);
    expect(listing()).toEqual(before);
  });

  it('refuses a picture over 10 MB with 413 IMAGE_INVALID_SIZE (the limit is by detected type)', async () => {
    const head = await png(10, 10);
    const big = Buffer.concat([head, Buffer.alloc(10 * 1024 * 1024 + 1 - head.length)]);
    const res = await submit(member, { type: 'Photo', title: 'Huge' }, { bytes: big, name: 'a.mp4', mime: 'video/mp4' });
    expect(res.statusCode).toBe(413);
    expect(res.json().meta).toMatchObject({ errorCode: 'IMAGE_INVALID_SIZE', errorMessage: expect.stringMatching(/10 MB/) });
    expect(await postCount()).toBe(0);
  });

  it('checks the form before the file: type, title, tags, interests, text, media', async () => {
    const cases: [Fields, FilePart | undefined, string][] = [
      [{ type: 'Meme', title: 'x' }, await jpeg(), 'INVALID_TYPE'],
      [{ type: 'Photo', title: '   ' }, await jpeg(), 'TITLE_REQUIRED'],
      [{ type: 'Photo', title: 'x'.repeat(281) }, await jpeg(), 'TITLE_TOO_LONG'],
      [{ type: 'Photo', title: 'x', tags: 'a,b,c,d,e,f' }, await jpeg(), 'TOO_MANY_TAGS'],
      [{ type: 'Photo', title: 'x', tags: 'no<script>' }, await jpeg(), 'INVALID_TAG'],
      [{ type: 'Photo', title: 'x', interests: 'nope' }, await jpeg(), 'UNKNOWN_INTEREST'],
      [{ type: 'Photo', title: 'x' }, undefined, 'MEDIA_REQUIRED'],
      [{ type: 'Text', title: 'x' }, undefined, 'TEXT_REQUIRED'],
      [{ type: 'Text', title: 'x', description: 'y' }, await jpeg(), 'MEDIA_NOT_ALLOWED'],
      [{ type: 'Text', title: 'x', description: 'y', sourceUrl: 'https://a.example' }, undefined, 'SOURCE_NOT_ALLOWED'],
      [{ type: 'Article', title: 'x' }, undefined, 'ARTICLE_BODY_REQUIRED'],
      [{ type: 'Photo', title: 'x', sourceUrl: 'ftp://a.example' }, await jpeg(), 'INVALID_SOURCE_URL'],
    ];
    for (const [fields, file, code] of cases) {
      const res = await submit(member, fields, file);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().meta.errorCode).toBe(code);
    }
    expect(await postCount()).toBe(0);
  });

  it('publishes text, forum and article posts (an article with a picture cover, shown once)', async () => {
    const text = await submit(member, { type: 'Text', title: 'A thought', description: 'Cats are <b>liquid</b>.' });
    expect(text.json().data.post).toMatchObject({ type: 'Text', description: 'Cats are <b>liquid</b>.' });
    const forum = await submit(member, { type: 'ForumPost', title: 'Why?', interests: 'memes' });
    expect(forum.json().data.post).toMatchObject({ type: 'ForumPost', title: 'Why?' });
    const article = await submit(member, { type: 'Article', title: 'Top 5', description: 'An *intro*', body: '## One\n\nText' }, await jpeg());
    expect(article.statusCode, article.body).toBe(200);
    const a = article.json().data.post;
    expect(a.type).toBe('Article');
    // The cover is the post's picture, not an article block too (it would show twice); the intro is the description.
    expect(a.article).toEqual({ blocks: [{ type: 'RichText', content: '## One\n\nText' }], medias: {} });
    expect(a.images.image700.width).toBe(700);
    expect(a.description).toBe('An *intro*');
    const gifCover = await submit(member, { type: 'Article', title: 'x', body: 'y' }, { bytes: clip('cover.gif', []), name: 'c.gif', mime: 'image/gif' });
    expect(gifCover.json().meta.errorCode).toBe('COVER_MUST_BE_PICTURE');
    expect(await postCount()).toBe(3);
  });

  it('converts an animated GIF into MP4 + WebM image460sv with a poster, in the background', async () => {
    const res = await submit(member, { type: 'Photo', title: 'Dancing', tags: 'gif' }, { bytes: clip('anim.gif', []), name: 'anim.gif', mime: 'image/gif' });
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json().data;
    expect(first).toMatchObject({ status: 'processing', type: 'Animated' });
    // Not in any list while it converts.
    const mine = await t.app.inject({ method: 'POST', url: '/v1/user-posts/username/uploader/type/posts', headers: member.headers });
    expect(mine.json().data.posts.map((p: { id: string }) => p.id)).not.toContain(first.id);
    const done = await settle(member, first.id);
    expect(done).toMatchObject({ status: 'ready', progress: 100 });
    const post = done.post as { type: string; images: Record<string, Record<string, unknown>> };
    expect(post.type).toBe('Animated');
    expect(post.images.image460sv).toMatchObject({
      url: `${t.config.publicUrl}/media/posts/${first.id}/clip.mp4`,
      vp9Url: `${t.config.publicUrl}/media/posts/${first.id}/clip.webm`,
      hasAudio: false,
      width: 96,
      height: 64,
    });
    expect(post.images.image460sv?.duration).toBeGreaterThan(0.5);
    expect(post.images.image460).toMatchObject({ width: 96, height: 64 });
    expect(mediaFiles(first.id)).toEqual(['clip.mp4', 'clip.webm', 'image460.jpg', 'image460.webp', 'image700.jpg', 'image700.webp']);
    const mp4 = readFileSync(join(t.config.dataDir, 'media', 'posts', first.id, 'clip.mp4'));
    expect(mp4.subarray(4, 8).toString()).toBe('ftyp');
    // Someone else cannot read the job.
    expect((await status(other, first.id)).statusCode).toBe(404);
  });

  it('keeps the sound of a video (Video post, hasAudio) and a silent MP4 asked as Animated stays Animated', async () => {
    const withSound = clip('sound.mp4', ['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-c:a', 'aac', '-shortest'], true);
    const res = await submit(member, { type: 'Photo', title: 'Loud' }, { bytes: withSound, name: 'v.mp4', mime: 'video/mp4' });
    expect(res.json().data).toMatchObject({ status: 'processing', type: 'Video' });
    const done = await settle(member, res.json().data.id);
    expect((done.post as { images: { image460sv: { hasAudio: boolean } } }).images.image460sv.hasAudio).toBe(true);

    const silent = clip('silent.webm', ['-c:v', 'libvpx-vp9', '-b:v', '100k']);
    const res2 = await submit(member, { type: 'Animated', title: 'Quiet' }, { bytes: silent, name: 'v.webm', mime: 'video/webm' });
    const done2 = await settle(member, res2.json().data.id);
    expect(done2).toMatchObject({ status: 'ready', type: 'Animated' });
  });

  it('refuses restricted accounts, a file in another field, an oversized field, a clip over 120 s and a video without a picture', async () => {
    await t.db.updateTable('users').set({ restricted: true }).where('id', '=', other.id).execute();
    const restricted = await submit(other, { type: 'Text', title: 'x', description: 'y' });
    expect(restricted.statusCode).toBe(403);
    expect(restricted.json().meta.errorCode).toBe('ACCOUNT_RESTRICTED');

    const fd = new FormData();
    fd.append('type', 'Photo');
    fd.append('title', 'x');
    fd.append('picture', new Blob([new Uint8Array(await png(20, 20))], { type: 'image/png' }), 'a.png');
    const request = new Request('http://localhost/submit', { method: 'POST', body: fd });
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/submit',
      headers: { 'content-type': request.headers.get('content-type') as string, ...member.headers },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(wrongField.json().meta.errorCode).toBe('UNEXPECTED_FILE');

    const tooLong = await submit(member, { type: 'Text', title: 'x', description: 'y'.repeat(100_001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().meta.errorCode).toBe('FIELD_TOO_LONG');

    const long = clip('long.mp4', ['-t', '125', '-r', '1', '-s', '32x32', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast']);
    const longRes = await submit(member, { type: 'Video', title: 'Too long' }, { bytes: long, name: 'long.mp4', mime: 'video/mp4' });
    expect(longRes.statusCode).toBe(400);
    expect(longRes.json().meta).toMatchObject({ errorCode: 'VIDEO_TOO_LONG', errorMessage: 'Videos can be up to 120 seconds long.' });

    const fake = Buffer.concat([clip('head.mp4', ['-pix_fmt', 'yuv420p', '-c:v', 'libx264']).subarray(0, 40), Buffer.alloc(5000)]);
    const fakeRes = await submit(member, { type: 'Video', title: 'Broken' }, { bytes: fake, name: 'v.mp4', mime: 'video/mp4' });
    expect(fakeRes.statusCode).toBe(400);
    expect(fakeRes.json().meta.errorCode).toBe('MEDIA_UNREADABLE');
    expect(await postCount()).toBe(0);
    expect(Number((await t.db.selectFrom('uploadJobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(0);
  });

  it(`limits a member to ${UPLOADS_PER_HOUR} uploads an hour (429)`, async () => {
    await t.db
      .insertInto('uploadJobs')
      .values(Array.from({ length: UPLOADS_PER_HOUR }, (_, i) => ({ id: `old${i}`, userId: member.id, type: 'Photo', status: 'ready' })))
      .execute();
    const res = await submit(member, { type: 'Text', title: 'One more', description: 'x' });
    expect(res.statusCode).toBe(429);
    expect(res.json().meta.errorCode).toBe('RATE_LIMITED');
    expect((await submit(other, { type: 'Text', title: 'Fine', description: 'x' })).statusCode).toBe(200);
  });

  it('reports a conversion of a stopped server as failed, and unknown ids as 404', async () => {
    await t.db
      .insertInto('uploadJobs')
      .values({ id: 'stale01', userId: member.id, type: 'Animated', status: 'processing', updatedAt: new Date(Date.now() - 3_600_000) })
      .execute();
    const res = await status(member, 'stale01');
    expect(res.json().data).toMatchObject({ status: 'failed', errorCode: 'PROCESSING_INTERRUPTED' });
    expect((await status(member, 'nope')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/submit-status?id=bad!id', headers: member.headers })).statusCode).toBe(400);
  });

  // issue 21 §10: a kill -9 left the job processing for STALE_MS, and its temp files and half-made folder for good.
  it('fails at start the conversions of a killed server, removes what it left, and writes media whole', async () => {
    await t.db.insertInto('uploadJobs').values({ id: 'killed1', userId: member.id, type: 'Animated', status: 'processing' }).execute();
    await t.db.insertInto('uploadJobs').values({ id: 'running', userId: member.id, type: 'Animated', status: 'processing' }).execute();
    const dead = join(t.config.dataDir, 'tmp', workDirName(2 ** 22 + 4321, 1000));
    mkdirSync(join(dead, 'media-posts_killed1'), { recursive: true });
    writeFileSync(join(dead, 'job-killed1'), 'input');
    writeFileSync(join(dead, 'post-0b5e'), 'upload being received');
    await recoverInterrupted({ db: t.db, config: t.config, media: t.app.media, queue: new ClipQueue() });
    expect(existsSync(dead)).toBe(false);
    expect((await status(member, 'killed1')).json().data).toMatchObject({ status: 'failed', errorCode: 'PROCESSING_INTERRUPTED' });
    expect((await status(member, 'running')).json().data).toMatchObject({ status: 'processing' });
    // Uploads are received and made in this process's work folder, and nothing stays there once they are done.
    const res = await submit(member, { type: 'Photo', title: 'Whole' }, { bytes: await sharp({ create: { width: 50, height: 40, channels: 3, background: '#08f' } }).png().toBuffer(), name: 'a.png', mime: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(mediaFiles(res.json().data.id)).toContain('image700.jpg');
    expect(readdirSync(workDir(t.config.dataDir))).toEqual([]);
  });
});

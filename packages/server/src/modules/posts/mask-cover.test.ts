import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { MASK_COVER_WIDTH } from './mask-cover.js';
import { makePost } from './test-fixtures.js';

describe('the blurred cover of a masked post', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  /** A 460 px picture, half white and half black, as the post's variants in the media store. */
  async function postWithPicture(spec: { nsfw?: boolean; isOffensive?: boolean }) {
    const id = `m${Math.random().toString(36).slice(2, 9)}`;
    const dir = join(t.config.dataDir, 'media', 'posts', id);
    mkdirSync(dir, { recursive: true });
    const half = await sharp({ create: { width: 230, height: 300, channels: 3, background: '#fff' } }).png().toBuffer();
    await sharp({ create: { width: 460, height: 300, channels: 3, background: '#000' } })
      .composite([{ input: half, left: 0, top: 0 }])
      .jpeg()
      .toFile(join(dir, 'image460.jpg'));
    const url = `${t.config.publicUrl}/media/posts/${id}/image460.jpg`;
    await makePost(t.db, { id, ...spec, images: { image460: { url, webpUrl: url, width: 460, height: 300 } } });
    return { id, dir };
  }

  const listed = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/post?id=${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { post: { maskCoverUrl: string | null; images: unknown } } }).data.post;
  };

  it('an nsfw or offensive post has one: 32 px wide, blurred, made once and kept beside its variants', async () => {
    for (const spec of [{ nsfw: true }, { isOffensive: true }]) {
      const { id, dir } = await postWithPicture(spec);
      const post = await listed(id);
      expect(post.maskCoverUrl).toBe(`${t.config.publicUrl}/v1/mask-cover/${id}.webp`);
      const res = await t.app.inject({ method: 'GET', url: new URL(post.maskCoverUrl as string).pathname });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(MASK_COVER_WIDTH);
      // Blurred: no hard edge between the white and the black halves, the middle is grey.
      const middle = data[(Math.floor(info.height / 2) * info.width + info.width / 2) * info.channels] as number;
      expect(middle).toBeGreaterThan(40);
      expect(middle).toBeLessThan(215);
      expect(existsSync(join(dir, `mask${MASK_COVER_WIDTH}.webp`))).toBe(true);
      const again = await t.app.inject({ method: 'GET', url: new URL(post.maskCoverUrl as string).pathname });
      expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    }
  });

  it('a post without a mask has none, and asking for it is a 404, as is a bad or unknown id', async () => {
    const { id } = await postWithPicture({});
    expect((await listed(id)).maskCoverUrl).toBeNull();
    for (const url of [`/v1/mask-cover/${id}.webp`, '/v1/mask-cover/nope.webp', '/v1/mask-cover/..%2Fx.webp', '/v1/mask-cover/x.jpg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([400, 404], `${url}: ${res.body}`).toContain(res.statusCode);
    }
  });
});

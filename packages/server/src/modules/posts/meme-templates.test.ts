import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { DEMO_TEMPLATES, writeMemeTemplates } from '../../seed/templates.js';
import type { MemeTemplate } from './meme-templates.js';

describe('GET /v1/meme-templates', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  const templates = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/meme-templates' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { templates: MemeTemplate[] } }).data.templates;
  };

  it('is empty before any template exists, then lists the seeded dozen in order, each served as a picture', async () => {
    expect(await templates()).toEqual([]);
    const mediaDir = join(t.config.dataDir, 'media');
    expect(await writeMemeTemplates({ mediaDir, publicUrl: 'http://localhost' })).toBe(12);
    // Anything else in the folder is not a template.
    writeFileSync(join(mediaDir, 'meme-templates', 'notes.txt'), 'not a picture');
    mkdirSync(join(mediaDir, 'meme-templates', 'drafts'));
    writeFileSync(join(mediaDir, 'meme-templates', 'drafts', '99-draft.jpg'), 'x');

    const list = await templates();
    expect(list).toHaveLength(DEMO_TEMPLATES.length);
    expect(list[0]).toEqual({ id: '01-surprised-face', name: 'Surprised face', url: '/media/meme-templates/01-surprised-face.jpg' });
    expect(list[2]?.name).toBe('Before and after');
    expect(list.map((x) => x.id)).toEqual([...list.map((x) => x.id)].sort());
    for (const template of list) {
      const res = await t.app.inject({ method: 'GET', url: template.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
  });
});

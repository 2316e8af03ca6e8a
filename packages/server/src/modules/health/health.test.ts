import { mkdirSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';

describeEachDatabase('health and site', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers /healthz with ok once migrated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 naming the disk while DATA_DIR cannot be written, and ok again once it can', async () => {
    // A DATA_DIR gone from under the server fails every write as a full or read-only disk does (chmod does not stop
    // root, who runs CI; the chaos suite fills a real tmpfs).
    rmSync(t.config.dataDir, { recursive: true, force: true });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ status: 'unavailable', failed: ['disk'] });
    } finally {
      mkdirSync(t.config.dataDir, { recursive: true });
    }
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the site HTML for page routes and a JSON 404 for unknown API paths', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/trending', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const plain = await t.app.inject({ method: 'GET', url: '/', headers: { accept: '*/*' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('text/html');
    const api = await t.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().meta).toMatchObject({ status: 'Failure', errorCode: 'NOT_FOUND' });
  });

  it('runs migrations twice safely', async () => {
    const { migrateToLatest } = await import('../../db/index.js');
    await migrateToLatest(t.db);
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });
});

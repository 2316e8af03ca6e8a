import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { openDatabase, type Database } from '../db/index.js';
import { isStorageUnavailable, outageOf, StorageUnavailableError } from './unavailable.js';

describe('outages', () => {
  it('tells a full or read-only disk from other failures, in codes and in the words of sharp and ffmpeg', () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(isStorageUnavailable(enospc)).toBe(true);
    expect(isStorageUnavailable(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }))).toBe(true);
    expect(isStorageUnavailable(new Error('/data/tmp/x/image700.jpg: write error\nsystem error: No space left on device'))).toBe(true);
    expect(isStorageUnavailable(new StorageUnavailableError('ffmpeg found no room for its output'))).toBe(true);
    expect(isStorageUnavailable(Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' }))).toBe(false);
    expect(isStorageUnavailable(new Error('Input buffer contains unsupported image format'))).toBe(false);
    expect(outageOf(enospc)).toEqual({ code: 'STORAGE_UNAVAILABLE', message: expect.any(String) });
    expect(outageOf(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(outageOf(new Error('Invalid time value'))).toBeNull();
  });

  describe('replies', () => {
    let app: FastifyInstance;
    let db: Database;
    const dataDir = mkdtempSync(join(tmpdir(), 'guffaw-outage-'));
    beforeAll(async () => {
      db = await openDatabase({ kind: 'pglite', dataDir: null });
      app = await buildApp({ config: testConfig({ dataDir }), db });
      const full = () => {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      };
      app.get('/v1/test-full-disk', full);
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers a write on a full disk with 503, Retry-After and STORAGE_UNAVAILABLE, not 500', async () => {
      const res = await app.inject({ method: 'GET', url: '/v1/test-full-disk' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ meta: { status: 'Failure', errorCode: 'STORAGE_UNAVAILABLE' } });
    });
  });
});

import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { ping } from '../../db/index.js';
import { RETRY_AFTER_SECONDS } from '../../lib/unavailable.js';

/** A check that has not answered by then counts as failed: a load balancer must not wait on a hung database. */
export const CHECK_TIMEOUT_MS = 3000;

type CheckName = 'database' | 'disk';

/**
 * DESIGN.md: 200 {"status":"ok"} once the database is migrated and ready (the app is only built after migrating).
 * While the database does not answer or DATA_DIR cannot be written (a full or read-only disk, where every upload,
 * mail file and embedded database write fails), 503 {"status":"unavailable","failed":[...]} names the checks that
 * failed, so a load balancer takes the instance out and an operator sees why. Details go to the log, not the reply.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const checks: Record<CheckName, () => Promise<void>> = {
    database: () => ping(app.db),
    disk: () => (app.config.dataDir ? probeWritable(app.config.dataDir) : Promise.resolve()),
  };
  app.get(
    '/healthz',
    {
      schema: {
        response: {
          200: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] },
          503: {
            type: 'object',
            properties: { status: { type: 'string' }, failed: { type: 'array', items: { type: 'string' } } },
            required: ['status', 'failed'],
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const names = Object.keys(checks) as CheckName[];
      const results = await Promise.allSettled(names.map((name) => withTimeout(checks[name](), name)));
      const failed = names.filter((name, i) => {
        const result = results[i];
        if (result?.status !== 'rejected') return false;
        request.log.warn({ check: name, reason: (result.reason as Error).message }, 'health check failed');
        return true;
      });
      if (failed.length === 0) return { status: 'ok' };
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ status: 'unavailable', failed });
    },
  );
};

/** Writes, fsyncs and removes a small file: what an upload needs, down to the blocks (a full disk fails the write or the sync). */
export async function probeWritable(dir: string): Promise<void> {
  const file = join(dir, `.healthz-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const handle = await open(file, 'wx');
    try {
      await handle.writeFile(randomBytes(4096));
      await handle.sync();
    } finally {
      await handle.close();
    }
  } finally {
    await rm(file, { force: true });
  }
}

function withTimeout(check: Promise<void>, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} check timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '../db/index.js';

/** The code of a request that failed because the database is unreachable or restarting (db isDatabaseUnavailable). */
export const DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE';
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';
/** The code of a request that had to write a file on a full or read-only DATA_DIR (uploads, media). */
export const STORAGE_UNAVAILABLE = 'STORAGE_UNAVAILABLE';
export const STORAGE_UNAVAILABLE_MESSAGE = 'The server cannot store files right now. Please try again later.';
/** A PostgreSQL restart takes a few seconds; the pool reconnects on the next request after it. */
export const RETRY_AFTER_SECONDS = 5;

/** A file could not be written for want of room or of a writable disk (ffmpeg and sharp say so only in words). */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
}

const STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS']);
export const STORAGE_MESSAGES = /No space left on device|Disk quota exceeded|Read-only file system/i;

export function isStorageUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: unknown; code?: unknown; message?: unknown };
  if (e.name === 'StorageUnavailableError') return true;
  if (typeof e.code === 'string' && STORAGE_CODES.has(e.code)) return true;
  return typeof e.message === 'string' && STORAGE_MESSAGES.test(e.message);
}

/**
 * What is missing when a request failed for a reason outside it and outside the process, which goes away by itself:
 * the database (restarting, failing over) or room on DATA_DIR. Error handlers answer it with `unavailable`.
 */
export function outageOf(error: unknown): { code: string; message: string } | null {
  if (isDatabaseUnavailable(error)) return { code: DATABASE_UNAVAILABLE, message: DATABASE_UNAVAILABLE_MESSAGE };
  if (isStorageUnavailable(error)) return { code: STORAGE_UNAVAILABLE, message: STORAGE_UNAVAILABLE_MESSAGE };
  return null;
}

/**
 * 503 with Retry-After, never cached: each error handler sends its own envelope on it. A warning, not an error with a
 * stack: the cause is outside the process, and a restart under load would otherwise print one stack per request.
 */
export function unavailable(reply: FastifyReply, log: FastifyBaseLogger, error: unknown): FastifyReply {
  log.warn({ reason: (error as Error).message }, 'service unavailable');
  return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
}

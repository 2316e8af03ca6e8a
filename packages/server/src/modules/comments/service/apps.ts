import type { CommentAppInfo } from '@guffaw/comments-client';
import { forbidden, notFound } from '../../../lib/envelope.js';
import * as repo from '../repo/index.js';
import type { AppRow } from '../repo/index.js';
import { APP_CACHE_MS } from './caches.js';
import type { CommentCore } from './core.js';
import type { Viewer } from './types.js';

export const originsOf = (app: AppRow) => (Array.isArray(app.allowedOrigins) ? (app.allowedOrigins as unknown[]).filter((o): o is string => typeof o === 'string') : []);

/** Apps and their origins: who may call, and from which pages. */
export function createApps(core: CommentCore) {
  const { db, caches, ownOrigins } = core;

  async function getApp(appId: string): Promise<AppRow> {
    const cached = caches.apps.get(appId);
    let row = cached && Date.now() - cached.at < APP_CACHE_MS ? cached.row : undefined;
    if (row === undefined) {
      row = (await repo.findApp(db, appId)) ?? null;
      caches.apps.set(appId, { row, at: Date.now() });
    }
    if (!row) throw notFound('APP_NOT_FOUND', 'This comment app does not exist.');
    return row;
  }

  function isAllowedOrigin(app: AppRow, origin: string): boolean {
    return ownOrigins.has(origin) || originsOf(app).includes(origin);
  }

  /** Mutating calls from a page whose origin the app does not list are refused (a request without Origin is not a browser's cross-site one). */
  function assertOrigin(app: AppRow, origin: string | undefined): void {
    if (origin !== undefined && !isAllowedOrigin(app, origin)) {
      throw forbidden('ORIGIN_NOT_ALLOWED', 'This site is not allowed to use these comments.');
    }
  }

  /** Preflight: an origin any app (or this server) allows. */
  async function isKnownOrigin(origin: string): Promise<boolean> {
    if (ownOrigins.has(origin)) return true;
    if (!caches.allOrigins || Date.now() - caches.allOrigins.at > APP_CACHE_MS) {
      const rows = await repo.listApps(db);
      caches.allOrigins = { set: new Set(rows.flatMap(originsOf)), at: Date.now() };
    }
    return caches.allOrigins.set.has(origin);
  }

  const appInfo = (app: AppRow, viewer: Viewer | null): CommentAppInfo => ({
    appId: app.id,
    name: app.name,
    auth: viewer !== null,
    cdnHost: app.cdnHost,
    host: app.host || core.config.commentsPublicUrl,
    maxMessageLength: app.maxMessageLength,
    anonymousAvatarUrl: app.anonymousAvatarUrl,
  });

  return { getApp, isAllowedOrigin, assertOrigin, isKnownOrigin, appInfo };
}

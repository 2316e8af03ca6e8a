import type { Config } from '../../../config.js';
import type { Database } from '../../../db/index.js';
import * as repo from '../repo/index.js';
import { createCaches, sectionKey, type Caches } from './caches.js';
import type { CommentHooks } from './hooks.js';
import type { HostPort, HostedApp } from './host.js';

/** `host`: the hosted app and its site's port (host.ts); `hooks`: what other modules are told (hooks.ts). */
export type CommentServiceOptions = { host?: HostedApp; hooks?: CommentHooks };

/** What every part of the service shares: the database, settings, hooks and this instance's caches. */
export type CommentCore = {
  db: Database;
  config: Config;
  /** The hosted app (its members are the host site's accounts), if any. */
  host: HostedApp | null;
  /** The host port of an app whose members are a host site's accounts; null for an app that keeps its own members. */
  hostOf(app: { id: string }): HostPort | null;
  hooks: CommentHooks;
  caches: Caches;
  /** The url list pages name as their own (present.ts). */
  listUrl: string;
  /** This server's own origins: always allowed. */
  ownOrigins: Set<string>;
  /** The host's post a section of a hosted app shows (host.postOf), else null. */
  postOf(appId: string, url: string): string | null;
  /** Tells the app's webhooks; a failure to queue never fails the call. */
  emit(...args: Parameters<NonNullable<CommentHooks['webhookEvent']>>): Promise<void>;
  /** The post's comment count follows the section total (see createPostCounts). */
  syncPostCount(appId: string, url: string): void;
  /** Waits for the running post-count updates (close). */
  postCountsIdle(): Promise<void>;
};

export function createCore(db: Database, config: Config, options: CommentServiceOptions): CommentCore {
  const host = options.host ?? null;
  const hooks = options.hooks ?? {};
  const hostOf = (app: { id: string }) => (host && app.id === host.appId ? host.port : null);
  const postOf = (appId: string, url: string) => hostOf({ id: appId })?.postOf(url) ?? null;
  const postCounts = createPostCounts(db, hooks, postOf);
  return {
    db,
    config,
    host,
    hostOf,
    hooks,
    caches: createCaches(db),
    listUrl: `${config.commentsPublicUrl}/comments/v2/comment-list.json`,
    ownOrigins: new Set([new URL(config.publicUrl).origin, new URL(config.commentsPublicUrl).origin]),
    postOf,
    emit: async (...args) => {
      await hooks.webhookEvent?.(...args).catch(() => undefined);
    },
    syncPostCount: postCounts.sync,
    postCountsIdle: postCounts.idle,
  };
}

/**
 * The post's comment count follows the section total (hooks.postCommentsChanged) after every change to it: one run
 * per section at a time, each reading the total as it is then, so the last change wins and a burst costs a few
 * reads. A failed run is retried by the next change. Instances are not coordinated: two instances changing one
 * section at the same moment could set an older total last; the next change sets it right.
 */
function createPostCounts(db: Database, hooks: CommentHooks, postOf: (appId: string, url: string) => string | null) {
  const running = new Map<string, { again: boolean; done: Promise<void> }>();
  function sync(appId: string, url: string): void {
    const postId = postOf(appId, url);
    const notify = hooks.postCommentsChanged;
    if (!postId || !notify) return;
    const key = sectionKey(appId, url);
    const current = running.get(key);
    if (current) {
      current.again = true;
      return;
    }
    const entry = { again: true, done: Promise.resolve() };
    running.set(key, entry);
    entry.done = (async () => {
      try {
        while (entry.again) {
          entry.again = false;
          const section = await repo.findSection(db, appId, url);
          if (section) await notify(postId, section.total);
        }
      } catch {
        // Left as it was until the section changes again.
      } finally {
        running.delete(key);
      }
    })();
  }
  const idle = async () => {
    await Promise.all([...running.values()].map((p) => p.done));
  };
  return { sync, idle };
}

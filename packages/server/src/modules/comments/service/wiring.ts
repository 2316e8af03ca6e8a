import type { Config } from '../../../config.js';
import type { Database } from '../../../db/index.js';
import { createBatcher } from '../batch.js';
import * as repo from '../repo/index.js';
import { createCommentActions } from './actions.js';
import { createAddComment } from './add-comment/pipeline.js';
import { createApps } from './apps.js';
import { createCore, type CommentServiceOptions } from './core.js';
import { createCommentEvents } from './events.js';
import { createMembers } from './members.js';
import { createModeration } from './moderation.js';
import { createModerationDesk } from './moderation-desk.js';
import { createOutboxWorker } from './outbox.js';
import { createRelease } from './release.js';
import { createRenderedPages } from './rendered-pages.js';
import { createSections } from './sections.js';
import { newId } from './types.js';
import { createViewers, requireActive } from './viewers.js';

/** The service app.ts made for a database: one per process, which the embed pages use too (commentServiceOf). */
const services = new WeakMap<Database, CommentService>();

/**
 * The comment service: composes its parts (core.ts holds what they share). `host`: the hosted app's port (host.ts);
 * `hooks`: what other modules are told (hooks.ts); `events.on`: what it publishes (events.ts). `start` starts the
 * outbox worker (only the process's own service sweeps), `close` stops it after pending writes.
 */
export function createCommentService(db: Database, config: Config, options: CommentServiceOptions = {}) {
  const core = createCore(db, config, options);
  const apps = createApps(core);
  const viewers = createViewers(core);
  const sections = createSections(core);
  const pages = createRenderedPages(core, viewers);
  const actions = createCommentActions(core, sections);
  const members = createMembers(core, sections, viewers);
  const moderation = createModeration(core, sections);

  const events = createCommentEvents();
  const outbox = createOutboxWorker(core, events);
  const writeComment = createBatcher<repo.CommentWrite, repo.WrittenComment>((writes) => repo.insertCommentsBatch(db, writes));
  const addComment = createAddComment({ core, sections, writeComment, drainOutbox: outbox.drain });
  const desk = createModerationDesk({ core, release: createRelease(core), removeComment: actions.removeComment, drainOutbox: outbox.drain });

  const service = {
    ...apps,
    authenticate: viewers.authenticate,
    requireActive,
    ...pages,
    addComment,
    ...actions,
    ...members,
    ...moderation,
    ...desk,
    newToken: () => newId(12),
    mediaBaseUrl: () => config.commentsPublicUrl,
    /** Subscribes to what the service publishes (events.ts); app.ts routes `comment.added` to notifications. */
    events: { on: events.on },
    /** Starts the outbox worker: its sweep, and a first drain of what earlier runs left. */
    start: outbox.start,
    /** Sends what the outbox holds now (tests, shutdown). */
    drainOutbox: outbox.drain,
    /** Stops the outbox sweep; waits for pending comment writes and a running drain. */
    async close(): Promise<void> {
      outbox.halt();
      await writeComment.idle();
      await outbox.stop();
      await core.postCountsIdle();
      if (services.get(db) === service) services.delete(db);
    },
    /** Forget cached apps and viewers (after the CLI or a test changes them). */
    forget: core.caches.forget,
    /** Forget one cached app (the console changed it). */
    forgetApp: (appId: string) => core.caches.apps.delete(appId),
  };
  services.set(db, service);
  return service;
}

export type CommentService = ReturnType<typeof createCommentService>;

/** The comment service made last for this database (app.ts makes one per process); null before it is made. */
export const commentServiceOf = (db: Database): CommentService | null => services.get(db) ?? null;

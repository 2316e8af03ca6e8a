import type { Config } from '../../../config.js';
import type { Database } from '../../../db/index.js';
import { createBatcher } from '../batch.js';
import { notifyCommentAdded, notifyForComment } from '../notify.js';
import * as repo from '../repo/index.js';
import { createCommentActions } from './actions.js';
import { createAddComment } from './add-comment/pipeline.js';
import type { OutboxEvent } from './add-comment/write.js';
import { createApps } from './apps.js';
import { createCore, type CommentServiceOptions } from './core.js';
import { createMembers } from './members.js';
import { createModeration } from './moderation.js';
import { createOutboxWorker } from './outbox.js';
import { createRenderedPages } from './rendered-pages.js';
import { createSections } from './sections.js';
import { newId } from './types.js';
import { createViewers, requireActive } from './viewers.js';

/**
 * The comment service: composes its parts (core.ts holds what they share) and starts the outbox worker.
 * `bus`: notifications go through the notifications module and reach the recipients' push (app.ts passes app.bus).
 * `hooks`: see CommentHooks (hooks.ts).
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

  const bus = options.bus;
  const outbox = createOutboxWorker(core, (payload) => (bus ? notifyCommentAdded(db, bus, payload as OutboxEvent) : notifyForComment(db, payload as OutboxEvent)));
  const writeComment = createBatcher<repo.CommentWrite, repo.WrittenComment>((writes) => repo.insertCommentsBatch(db, writes));
  const addComment = createAddComment({ core, sections, writeComment, drainOutbox: outbox.drain });
  outbox.start();

  return {
    ...apps,
    authenticate: viewers.authenticate,
    requireActive,
    ...pages,
    addComment,
    ...actions,
    ...members,
    ...moderation,
    newToken: () => newId(12),
    mediaBaseUrl: () => config.commentsPublicUrl,
    /** Sends what the outbox holds now (tests, shutdown). */
    drainOutbox: outbox.drain,
    /** Stops the outbox sweep; waits for pending comment writes and a running drain. */
    async close(): Promise<void> {
      outbox.halt();
      await writeComment.idle();
      await outbox.stop();
      await core.postCountsIdle();
    },
    /** Forget cached apps and viewers (after the CLI or a test changes them). */
    forget: core.caches.forget,
  };
}

export type CommentService = ReturnType<typeof createCommentService>;

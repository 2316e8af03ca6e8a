import { SNAPSHOT_TTL_MS } from '../cursor.js';
import * as repo from '../repo/index.js';
import type { CommentCore } from './core.js';
import { commentAddedOf, type CommentEventBus } from './events.js';

/** Outbox drain: rows per claim, how long a claim holds (then another instance may send them), the sweep period. */
const OUTBOX_BATCH = 50;
const OUTBOX_LEASE_SECONDS = 60;
const OUTBOX_SWEEP_MS = 30_000;
const RANK_LOG_PRUNE_MS = 10 * 60_000;

/**
 * The outbox worker: tells what comments queued in `comment_outbox` (written in the comment's own statement) as
 * `comment.added` events, and prunes the hot-rank log now and then. `start` begins the sweep (and a first drain);
 * `stop` ends it and waits for a running drain. Only a started worker sweeps: app.ts starts the one service of the
 * process, whose events it routes.
 */
export function createOutboxWorker(core: CommentCore, events: CommentEventBus) {
  const { db } = core;
  let draining: Promise<void> | null = null;
  let drainAgain = false;
  let closed = false;
  let sweep: ReturnType<typeof setInterval> | null = null;

  /**
   * Sends queued events: claims a batch of outbox rows (a lease of OUTBOX_LEASE_SECONDS), emits each, deletes
   * them. At least once: rows of an instance that died mid-way are sent again after the lease (a repeat only updates
   * the recipient's grouped notification). Runs after each comment that queued some, and every OUTBOX_SWEEP_MS.
   */
  function drain(): Promise<void> {
    if (draining) {
      drainAgain = true;
      return draining;
    }
    const run = async () => {
      do {
        drainAgain = false;
        for (;;) {
          const rows = await repo.claimOutbox(db, OUTBOX_BATCH, OUTBOX_LEASE_SECONDS);
          if (rows.length === 0) break;
          for (const row of rows) {
            const event = commentAddedOf(row.payload);
            if (event) await events.emit('comment.added', event);
          }
          await repo.deleteOutbox(db, rows.map((r) => r.id));
          if (closed) return;
        }
      } while (drainAgain && !closed);
    };
    draining = run()
      .catch(() => undefined)
      .finally(() => {
        draining = null;
      });
    return draining;
  }

  /** The hot-rank log is read only by snapshots younger than SNAPSHOT_TTL_MS (cursor.ts): older rows go now and then. */
  let lastPrune = 0;
  const pruneRankLog = () => {
    if (Date.now() - lastPrune < RANK_LOG_PRUNE_MS) return;
    lastPrune = Date.now();
    void repo.pruneRankChanges(db, new Date(Date.now() - SNAPSHOT_TTL_MS)).catch(() => undefined);
  };

  function start(): void {
    if (sweep || closed) return;
    sweep = setInterval(() => {
      void drain();
      if (!closed) pruneRankLog();
    }, OUTBOX_SWEEP_MS);
    sweep.unref();
    setImmediate(() => {
      if (!closed) void drain();
    });
  }

  /** Stops the sweep and waits for a running drain (pending comment writes must be finished first). */
  async function stop(): Promise<void> {
    if (sweep) clearInterval(sweep);
    sweep = null;
    closed = true;
    await draining;
  }

  /** Ends the sweep timer at once (close() then waits for pending writes before `stop`). */
  const halt = () => {
    if (sweep) clearInterval(sweep);
    sweep = null;
  };

  return { start, stop, halt, drain };
}

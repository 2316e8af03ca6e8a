import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import type { BackgroundLog } from '../../lib/background.js';
import { createMailer, type Mailer } from '../../lib/mail.js';
import { collect, flush } from './service.js';

export type EmailWorker = {
  /** One round: queue new replies and mentions, send what is due. Rounds never overlap. */
  tick(now?: Date): Promise<void>;
  stop(): Promise<void>;
};

/** How often the worker looks: a quarter of the batch window, between 100 ms and 5 s. */
export const pollMsOf = (batchMs: number) => Math.min(5000, Math.max(100, Math.floor(batchMs / 4)));

/**
 * The email notification worker (modules/email/service.ts does the work). Everything it knows is in the database
 * (email_items, email_cursor), so a restart resumes where it stopped. `autoStart: false` leaves the rounds to tick().
 */
export function startEmailWorker(options: { db: Database; config: Config; log: BackgroundLog; mailer?: Mailer; autoStart?: boolean }): EmailWorker {
  const { db, config, log } = options;
  const mailer = options.mailer ?? createMailer(config);
  let running: Promise<void> | null = null;
  let stopped = false;

  const round = async (now?: Date) => {
    await collect(db);
    await flush(db, config, mailer, now ?? new Date(), log);
  };
  const tick = (now?: Date): Promise<void> => {
    const previous = running ?? Promise.resolve();
    const next = previous.then(() => round(now));
    // What the next round waits on never rejects (the caller of tick() gets this round's error): a failed round left
    // unawaited must not surface as an unhandled rejection.
    const tracked = next.catch(() => undefined).finally(() => {
      if (running === tracked) running = null;
    });
    running = tracked;
    return next;
  };

  let timer: NodeJS.Timeout | null = null;
  if (options.autoStart !== false) {
    const schedule = () => {
      if (stopped) return;
      timer = setTimeout(() => {
        tick()
          .catch((error: unknown) => log.error({ err: error }, 'email worker round failed'))
          .finally(schedule);
      }, pollMsOf(config.mailBatchMs));
      timer.unref();
    };
    schedule();
  }

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    emailWorker: EmailWorker;
  }
}

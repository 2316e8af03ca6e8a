/** What a queue logs with (Fastify's logger fits). */
export type BackgroundLog = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** Work kept in memory at most; past it new work is dropped and logged (rate limits keep real traffic far below). */
export const MAX_PENDING = 10_000;

/**
 * Work done after the reply, in this process (mail for signup and password reset): a request that queues it answers
 * in the same time whatever the work will find, and never waits on SMTP or the outbox. A failure is logged, not
 * thrown. `idle()` waits for what is queued (the server's close and tests use it). Lost if the process dies first:
 * the person asks again (nothing was promised but "check your mail").
 */
export class Background {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: BackgroundLog) {}

  run(name: string, work: () => Promise<void>): void {
    if (this.pending.size >= MAX_PENDING) {
      this.log.warn({ job: name, pending: this.pending.size }, 'background queue full; work dropped');
      return;
    }
    // Started on a later turn of the event loop: nothing of it runs inside the request that queued it.
    const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error, job: name }, 'background work failed'))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  get size(): number {
    return this.pending.size;
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

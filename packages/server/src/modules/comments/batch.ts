/**
 * Group work: calls that arrive while a batch is running wait for it and then run together, as one database round
 * trip or one transaction (group commit). A lone call runs at once (on the next turn of the event loop, so calls that
 * arrived in the same turn join it); under load a batch holds what arrived during the previous one, up to `max`.
 *
 * `run` answers one result per item, in order: a value, or an Error for that item alone.
 */
export type Batcher<I, O> = {
  (item: I): Promise<O>;
  /** Resolves when nothing is queued or running (close, tests). */
  idle(): Promise<void>;
};

export function createBatcher<I, O>(run: (items: I[]) => Promise<(O | Error)[]>, max = 64): Batcher<I, O> {
  type Job = { item: I; resolve: (v: O) => void; reject: (e: unknown) => void };
  let queue: Job[] = [];
  let running: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const jobs = queue.slice(0, max);
      queue = queue.slice(jobs.length);
      try {
        const results = await run(jobs.map((j) => j.item));
        jobs.forEach((job, i) => {
          const r = results[i];
          if (r instanceof Error) job.reject(r);
          else job.resolve(r as O);
        });
      } catch (error) {
        for (const job of jobs) job.reject(error);
      }
    }
    running = null;
  }

  const call = ((item: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      running ??= new Promise<void>((done) => setImmediate(() => void drain().then(done)));
    })) as Batcher<I, O>;
  call.idle = async () => {
    while (running) await running;
  };
  return call;
}

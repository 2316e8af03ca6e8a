import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { startSlowSmtp, type SlowSmtp } from '../../../test/slow-smtp.js';
import { emailHash } from './email-rules.js';
import { nextIp, solveProof } from './test-helpers.js';

process.env.PROOF_MAX_NUMBER = '2000';

/**
 * issue #21 point 6: signup and forgot-password answer alike, in the same time, whether an email has an account or
 * not. The mail relay here greets each connection only after SMTP_DELAY_MS, so a request that waited on a mail (or on
 * anything that differs between the two cases) shows it in its answer time.
 */
const SMTP_DELAY_MS = 400;
const TRIES = 10;
/**
 * How far apart the two cases' median answer times may be. Waiting on the relay alone would be 400 ms; the margin
 * is for a loaded test machine (2 shared cores), where one answer can take 200 ms for no reason of its own.
 */
const CLOSE_MS = 100;
/** A pause between tries, so the work queued by one (a password hash, a lookup) does not slow the next. */
const SETTLE_MS = 150;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

describeEachDatabase('no account enumeration', (kind) => {
  let t: TestApp;
  let smtp: SlowSmtp;
  const TAKEN = 'owner@example.com';

  beforeAll(async () => {
    smtp = await startSlowSmtp(SMTP_DELAY_MS);
    t = await createTestApp(kind, { smtpUrl: smtp.url });
    await t.db
      .insertInto('users')
      .values({ userId: 'owner-user', hashId: 'owner-hash', username: 'theowner', email: TAKEN, emailHash: emailHash(TAKEN), emailVerified: true })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Times each call of `send` for a taken and a free email, interleaved, TRIES times each. */
  async function timeBoth(send: (email: string, i: number) => Promise<{ statusCode: number; body: string }>) {
    const times = { taken: [] as number[], free: [] as number[] };
    const bodies = { taken: new Set<string>(), free: new Set<string>() };
    for (let i = 0; i < TRIES; i++) {
      for (const which of i % 2 === 0 ? (['taken', 'free'] as const) : (['free', 'taken'] as const)) {
        const email = which === 'taken' ? TAKEN : `nobody${i}-${Math.random().toString(36).slice(2)}@example.com`;
        const started = performance.now();
        const res = await send(email, i);
        times[which].push(performance.now() - started);
        expect(res.statusCode, res.body).toBe(200);
        bodies[which].add(res.body);
        await new Promise((r) => setTimeout(r, SETTLE_MS));
      }
    }
    return { times, bodies };
  }

  it('signup answers a taken email exactly as a free one, as fast, and mails the owner instead', async () => {
    const captchas: string[] = [];
    for (let i = 0; i < TRIES * 2; i++) captchas.push(await solveProof(t));
    const { times, bodies } = await timeBoth((email) =>
      t.app.inject({
        method: 'POST',
        url: '/member/email-signup',
        remoteAddress: nextIp(),
        headers: { accept: 'application/json' },
        payload: { fullname: 'Someone', email, password: 'a good password', next: '/', app: 'web', captcha: captchas.pop()! },
      }),
    );
    expect([...bodies.taken]).toEqual([...bodies.free]);
    expect(bodies.free.size).toBe(1);
    const [takenMs, freeMs] = [median(times.taken), median(times.free)];
    console.log(`signup median answer: taken ${takenMs.toFixed(1)} ms, free ${freeMs.toFixed(1)} ms`);
    expect(Math.abs(takenMs - freeMs)).toBeLessThan(CLOSE_MS);
    expect(Math.max(takenMs, freeMs)).toBeLessThan(SMTP_DELAY_MS);

    // The mail goes out after the answer: the owner is told (once within the notice interval), a free email gets its link.
    await waitUntil(() => smtp.received.filter((m) => m.to.includes(TAKEN)).length >= 1 && smtp.received.length >= TRIES + 1);
    const toOwner = smtp.received.filter((m) => m.to.includes(TAKEN));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.data).toContain('Someone tried to sign up on Guffaw with your email');
    expect(smtp.received.filter((m) => m.data.includes('Subject: Confirm your email on Guffaw')).length).toBe(TRIES);
    expect(Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(1);
  });

  it('forgot-password answers a taken email exactly as a free one, as fast', async () => {
    const sentBefore = smtp.received.length;
    const { times, bodies } = await timeBoth((email) =>
      t.app.inject({ method: 'POST', url: '/v1/user-forgot-password', remoteAddress: nextIp(), payload: { email } }),
    );
    expect([...bodies.taken]).toEqual([...bodies.free]);
    const [takenMs, freeMs] = [median(times.taken), median(times.free)];
    console.log(`forgot-password median answer: taken ${takenMs.toFixed(1)} ms, free ${freeMs.toFixed(1)} ms`);
    expect(Math.abs(takenMs - freeMs)).toBeLessThan(CLOSE_MS);
    expect(Math.max(takenMs, freeMs)).toBeLessThan(SMTP_DELAY_MS);
    await waitUntil(() => smtp.received.length >= sentBefore + TRIES);
    expect(smtp.received.slice(sentBefore).every((m) => m.to.includes(TAKEN))).toBe(true);
  });
});

async function waitUntil(ok: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { normaliseEmail } from './email-rules.js';

/** What these helpers need of test/harness.ts's TestApp (kept structural: the build's rootDir is src/). */
type TestApp = { app: FastifyInstance; config: Config };

/** Solves /v1/wp's challenge the way the site does and returns the captcha / x-wp value. */
export async function solveProof(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/v1/wp' });
  const { challenge } = res.json().data as { challenge: { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number } };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('no solution');
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export type OutboxMail = { to: string; subject: string; links: string[]; text: string };

export function outbox(t: TestApp): OutboxMail[] {
  const dir = join(t.config.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMail);
}

export const lastMailTo = (t: TestApp, to: string) => outbox(t).filter((m) => m.to === to).at(-1);

/** name=value of the cookies a reply set, for the next request. */
export function cookiesOf(res: { cookies: Array<{ name: string; value: string }> }): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

let ip = 1;
/** A distinct client address per call, so rate limits of one test do not spill into another. */
export const nextIp = () => `10.0.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

/** The first mail of the outbox after the `skip` first that `match` accepts, waited for (mail goes out after the reply). */
export async function waitForMail(t: TestApp, match: (mail: OutboxMail) => boolean, skip = 0, ms = 10_000): Promise<OutboxMail> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = outbox(t).slice(skip).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no such mail in the outbox');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Signs up by email as a person does: the form (its answer is `res`), then, for a new email, the link of the mail it
 * sends (`confirmed`, which logs in: `session`). For a taken email, waits for the notice its owner gets instead.
 */
export async function signUp(t: TestApp, fields: { fullname?: string; email: string; password?: string; next?: string }) {
  const captcha = await solveProof(t);
  const sent = outbox(t).length;
  const res = await t.app.inject({
    method: 'POST',
    url: '/member/email-signup',
    remoteAddress: nextIp(),
    headers: { accept: 'application/json' },
    payload: { fullname: fields.fullname ?? 'Test User', email: fields.email, password: fields.password ?? 'correct horse', next: fields.next ?? '/', app: 'web', captcha },
  });
  if (res.statusCode !== 200) return { res, confirmed: null, session: '' };
  const to = normaliseEmail(fields.email);
  const mail = await waitForMail(t, (m) => m.to === to || m.subject.startsWith('Someone tried to sign up'), sent);
  if (!mail.subject.startsWith('Confirm')) return { res, confirmed: null, session: '' };
  const link = new URL(mail.links[0]!);
  const confirmed = await t.app.inject({ method: 'GET', url: link.pathname + link.search, remoteAddress: nextIp() });
  return { res, confirmed, session: cookiesOf(confirmed).guffaw_session ?? '' };
}

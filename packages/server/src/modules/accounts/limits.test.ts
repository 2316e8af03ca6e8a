import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config.js';
import { hashPassword } from '../../lib/password.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { eventLoopLag, freePort, hasRedisServer, startRedis, type OwnRedis } from '../../../test/redis-server.js';
import { emailHash } from './email-rules.js';
import { DEVICE_COOKIE, LOGIN_LOCKOUT } from './login-lockout.js';
import { LOGIN_PER_MINUTE } from './routes.js';
import { REDIS_WAIT_MS } from '../../lib/rate-limit.js';

const JSON_ACCEPT = { accept: 'application/json' };
/** Reset mails per address in 10 minutes (routes.ts). */
const RESET_MAILS = 5;

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
let octet = 0;
/** A fresh documentation-range address per call (RFC 5737), so no two tests share a counter. */
const someAddress = () => `198.51.${Math.floor(octet / 250) % 250}.${(octet++ % 250) + 1}`;

async function makeMember(t: TestApp, password: string) {
  const username = unique('m');
  const email = `${username}@example.com`;
  await t.db
    .insertInto('users')
    .values({ userId: unique('u'), hashId: unique('h'), username, fullName: username, email, emailHash: emailHash(email), passwordHash: await hashPassword(password) })
    .execute();
  return { username, email };
}

function login(t: TestApp, username: string, password: string, net: { remoteAddress: string; forwardedFor?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress: net.remoteAddress,
    headers: { ...JSON_ACCEPT, ...(net.forwardedFor ? { 'x-forwarded-for': net.forwardedFor } : {}) },
    payload: { username, password },
  });
}

function forgot(t: TestApp, email: string, net: { remoteAddress: string; forwardedFor?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/user-forgot-password',
    remoteAddress: net.remoteAddress,
    headers: net.forwardedFor ? { 'x-forwarded-for': net.forwardedFor } : {},
    payload: { email },
  });
}

describeEachDatabase('client addresses and TRUST_PROXY', (kind) => {
  const apps: TestApp[] = [];
  const app = async (overrides: Partial<Config>) => {
    const t = await createTestApp(kind, overrides);
    apps.push(t);
    return t;
  };
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  describe('TRUST_PROXY unset', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await app({});
    });

    it('a spoofed X-Forwarded-For does not reset the login limit of the address', async () => {
      const remoteAddress = someAddress();
      const statuses: number[] = [];
      // A new unknown name each time, so only the address limit can refuse.
      for (let i = 0; i <= LOGIN_PER_MINUTE; i++) {
        statuses.push((await login(t, unique('ghost'), 'wrong', { remoteAddress, forwardedFor: `203.0.113.${i + 1}` })).statusCode);
      }
      expect(statuses.slice(0, LOGIN_PER_MINUTE).every((s) => s === 401)).toBe(true);
      expect(statuses[LOGIN_PER_MINUTE]).toBe(429);
    });

    it('a spoofed X-Forwarded-For does not reset the reset-mail limit of the address', async () => {
      const { email } = await makeMember(t, 'correct horse');
      const remoteAddress = someAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 13; i++) statuses.push((await forgot(t, email, { remoteAddress, forwardedFor: `203.0.113.${i + 1}, 10.0.0.1` })).statusCode);
      expect(statuses).toEqual([...Array<number>(RESET_MAILS).fill(200), ...Array<number>(13 - RESET_MAILS).fill(429)]);
    });
  });

  describe('TRUST_PROXY=1 (one proxy in front)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await app({ trustProxy: 1 });
    });

    it('takes the address the proxy appended: clients behind one proxy each get their own limit', async () => {
      const proxy = someAddress();
      const statuses: number[] = [];
      for (let i = 0; i <= LOGIN_PER_MINUTE; i++) {
        statuses.push((await login(t, unique('ghost'), 'wrong', { remoteAddress: proxy, forwardedFor: `203.0.113.${i + 1}` })).statusCode);
      }
      expect(statuses.every((s) => s === 401)).toBe(true);
      const { email } = await makeMember(t, 'correct horse');
      const mails: number[] = [];
      for (let i = 0; i < 13; i++) mails.push((await forgot(t, email, { remoteAddress: proxy, forwardedFor: `203.0.113.${i + 1}` })).statusCode);
      expect(mails.every((s) => s === 200)).toBe(true);
    });

    it('a client cannot choose its address by prepending to the header: only the hop the proxy added counts', async () => {
      const { email } = await makeMember(t, 'correct horse');
      const proxy = someAddress();
      const client = someAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await forgot(t, email, { remoteAddress: proxy, forwardedFor: `203.0.113.${i + 1}, ${client}` })).statusCode);
      expect(statuses).toEqual([...Array<number>(RESET_MAILS).fill(200), ...Array<number>(8 - RESET_MAILS).fill(429)]);
    });
  });

  describe('TRUST_PROXY as an address list', () => {
    let t: TestApp;
    const proxy = '192.0.2.10';
    beforeAll(async () => {
      t = await app({ trustProxy: [proxy, '192.0.2.128/25'] });
    });

    it('believes the header from a listed proxy and ignores it from anyone else', async () => {
      const { email } = await makeMember(t, 'correct horse');
      const viaProxy: number[] = [];
      for (let i = 0; i < 8; i++) viaProxy.push((await forgot(t, email, { remoteAddress: i % 2 ? proxy : '192.0.2.200', forwardedFor: `203.0.113.${i + 50}` })).statusCode);
      expect(viaProxy.every((s) => s === 200)).toBe(true);
      const stranger = someAddress();
      const direct: number[] = [];
      for (let i = 0; i < 8; i++) direct.push((await forgot(t, email, { remoteAddress: stranger, forwardedFor: `203.0.113.${i + 100}` })).statusCode);
      expect(direct).toEqual([...Array<number>(RESET_MAILS).fill(200), ...Array<number>(8 - RESET_MAILS).fill(429)]);
    });
  });
});

describeEachDatabase('login lockout per account', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The proxy setting lets every attempt come from another client address, as a botnet's would.
    t = await createTestApp(kind, { trustProxy: 1 });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const proxy = '192.0.2.1';
  const from = () => ({ remoteAddress: proxy, forwardedFor: someAddress() });
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('refuses with 429 and Retry-After after 5 failures from any addresses, doubling the lockout up to 15 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { username, email } = await makeMember(t, 'correct horse');
    for (let i = 0; i < LOGIN_LOCKOUT.threshold; i++) expect((await login(t, username, 'wrong', from())).statusCode).toBe(401);
    // Even the right password waits: the lockout is decided before the password is checked.
    const locked = await login(t, username, 'correct horse', from());
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    expect(locked.json().meta).toMatchObject({ errorCode: 'RATE_LIMITED', errorMessage: expect.stringContaining('reset your password') });
    // The account's email names the same account.
    expect((await login(t, email.toUpperCase(), 'correct horse', from())).statusCode).toBe(429);

    const retryAfters: number[] = [];
    for (let lock = 60; lock < 900; ) {
      later(lock * 1000);
      expect((await login(t, username, 'wrong', from())).statusCode).toBe(401);
      const refused = await login(t, username, 'wrong', from());
      expect(refused.statusCode).toBe(429);
      lock = Number(refused.headers['retry-after']);
      retryAfters.push(lock);
    }
    expect(retryAfters).toEqual([120, 240, 480, 900]);
    later(900_000);
    expect((await login(t, username, 'wrong', from())).statusCode).toBe(401);
    expect((await login(t, username, 'wrong', from())).headers['retry-after']).toBe('900');
  });

  it('forgets the failures after a successful login, and an hour after the last failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { username } = await makeMember(t, 'correct horse');
    for (let i = 0; i < LOGIN_LOCKOUT.threshold - 1; i++) expect((await login(t, username, 'wrong', from())).statusCode).toBe(401);
    expect((await login(t, username, 'correct horse', from())).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LOCKOUT.threshold - 1; i++) expect((await login(t, username, 'wrong', from())).statusCode).toBe(401);
    later(LOGIN_LOCKOUT.memoryMs);
    for (let i = 0; i < LOGIN_LOCKOUT.threshold - 1; i++) expect((await login(t, username, 'wrong', from())).statusCode).toBe(401);
    expect((await login(t, username, 'correct horse', from())).statusCode).toBe(200);
  });

  it("does not lock the owner's own browser: a device cookie from an earlier sign-in keeps its own count", async () => {
    const owner = await makeMember(t, 'correct horse');
    const other = await makeMember(t, 'battery staple');
    const signIn = await login(t, owner.username, 'correct horse', from());
    const device = signIn.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ path: '/login', httpOnly: true, sameSite: 'Lax' });
    const withCookie = (username: string, password: string, value = device?.value ?? '') =>
      t.app.inject({ method: 'POST', url: '/login', remoteAddress: proxy, headers: { ...JSON_ACCEPT, 'x-forwarded-for': someAddress() }, cookies: { [DEVICE_COOKIE]: value }, payload: { username, password } });

    for (let i = 0; i < LOGIN_LOCKOUT.threshold; i++) expect((await login(t, owner.username, 'wrong', from())).statusCode).toBe(401);
    expect((await login(t, owner.username, 'correct horse', from())).statusCode).toBe(429);
    // A forged or altered cookie, or one from another account, is a stranger's browser.
    expect((await withCookie(owner.username, 'correct horse', 'x.y')).statusCode).toBe(429);
    expect((await withCookie(owner.username, 'correct horse', `${device?.value ?? ''}x`)).statusCode).toBe(429);
    for (let i = 0; i < LOGIN_LOCKOUT.threshold; i++) expect((await login(t, other.username, 'wrong', from())).statusCode).toBe(401);
    expect((await withCookie(other.username, 'battery staple')).statusCode).toBe(429);
    // The owner's browser signs in.
    expect((await withCookie(owner.username, 'correct horse')).statusCode).toBe(200);
    // The browser has its own lockout: a stolen cookie does not give unlimited guesses.
    for (let i = 0; i < LOGIN_LOCKOUT.threshold; i++) expect((await withCookie(owner.username, 'wrong')).statusCode).toBe(401);
    expect((await withCookie(owner.username, 'correct horse')).statusCode).toBe(429);
  });

  it('locks a name that has no account the same way, so a 429 does not tell which accounts exist', async () => {
    const ghost = unique('nobody');
    for (let i = 0; i < LOGIN_LOCKOUT.threshold; i++) expect((await login(t, ghost, 'wrong', from())).statusCode).toBe(401);
    const refused = await login(t, ghost, 'wrong', from());
    expect([refused.statusCode, refused.headers['retry-after']]).toEqual([429, '60']);
  });
});

/** 30 checks per address in 10 minutes (routes.ts): 30 answers 400 INVALID_TOKEN, then 429. */
const CHECKS = 30;

/**
 * Reset-token checks from one address, with the wall time of each request and of each limit check inside it (the only
 * part of a request that talks to Redis).
 */
async function checks(t: TestApp, count: number, remoteAddress: string) {
  const limits = t.app.limits;
  const hit = limits.hit.bind(limits);
  const checkMs: number[] = [];
  const spy = vi.spyOn(limits, 'hit').mockImplementation(async (key, windowMs) => {
    const started = performance.now();
    try {
      return await hit(key, windowMs);
    } finally {
      checkMs.push(performance.now() - started);
    }
  });
  const statuses: number[] = [];
  const requestMs: number[] = [];
  const lag = eventLoopLag();
  try {
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: '/v1/reset-password-check', remoteAddress, payload: { token: 'not-a-token' } });
      requestMs.push(performance.now() - started);
      statuses.push(res.statusCode);
    }
  } finally {
    spy.mockRestore();
  }
  return { statuses, requestMs, checkMs, lagMs: lag.stop() };
}

const expectClosed = (statuses: number[]) =>
  expect(statuses).toEqual([...Array<number>(CHECKS).fill(400), ...Array<number>(statuses.length - CHECKS).fill(429)]);
const max = (ms: number[]) => Math.max(...ms);
const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)] ?? 0;
const report = (label: string, r: { requestMs: number[]; checkMs: number[]; lagMs: number }) =>
  `${label}: request median ${median(r.requestMs).toFixed(1)} ms, max ${max(r.requestMs).toFixed(1)} ms; limit check max ${max(r.checkMs).toFixed(1)} ms; event loop late by up to ${r.lagMs.toFixed(1)} ms`;
/** The longest a limit check may take: 50 ms on Redis, plus however late the loaded machine ran the process's timers. */
const bound = (r: { lagMs: number }) => REDIS_WAIT_MS + r.lagMs + 5;

describeEachDatabase('limits while Redis is down', (kind) => {
  it('with REDIS_URL on a port where nothing listens, limits stay closed and no limit check waits', async () => {
    const t = await createTestApp(kind, { redisUrl: `redis://127.0.0.1:${await freePort()}` });
    try {
      const run = await checks(t, CHECKS + 5, someAddress());
      console.info(report('dead port', run));
      expectClosed(run.statuses);
      expect(max(run.checkMs)).toBeLessThan(bound(run));
    } finally {
      await t.close();
    }
  });

  describe.skipIf(!hasRedisServer)('with a Redis that goes away', () => {
    let redis: OwnRedis;
    let t: TestApp;
    beforeAll(async () => {
      redis = await startRedis();
      t = await createTestApp(kind, { redisUrl: redis.url });
      await vi.waitFor(async () => expect((await t.app.limits.hit('warm-up', 1000)).count).toBeGreaterThan(0));
    });
    afterAll(async () => {
      redis.resume();
      await t.close();
      await redis.kill();
    });

    it('keeps counting when Redis hangs and when it is killed, no limit check waiting longer than 50 ms', async () => {
      const address = someAddress();
      const before = await checks(t, 10, address);
      redis.pause();
      const hung = await checks(t, 10, address);
      await redis.kill();
      const killed = await checks(t, 15, address);
      console.info([report('redis up', before), report('redis hanging', hung), report('redis killed', killed)].join('\n'));
      expectClosed([...before.statuses, ...hung.statuses, ...killed.statuses]);
      expect(max(hung.checkMs)).toBeLessThan(bound(hung));
      expect(max(killed.checkMs)).toBeLessThan(bound(killed));
      // After the first timeout the circuit is open: the other checks do not wait at all.
      expect(median(hung.checkMs)).toBeLessThan(5 + hung.lagMs);
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAuthToken, verifiedSubject, verifyAuthToken } from './auth.js';

const SECRET = 'auth-test-secret-auth-test-secret-1';
const OTHER = 'auth-test-secret-auth-test-secret-2';

const code = (promise: Promise<unknown>) => promise.then(() => 'OK', (e: { code?: string }) => e.code);

describe('auth tokens, checked once and kept until they expire', () => {
  afterEach(() => void vi.useRealTimers());

  it('refuses a token it verified before once the app’s secret has changed', async () => {
    const token = await signAuthToken(SECRET, 'app-a', { sub: 'mia', name: 'Mia' });
    expect((await verifyAuthToken(token, 'app-a', SECRET)).sub).toBe('mia');
    expect(await code(verifyAuthToken(token, 'app-a', OTHER))).toBe('AUTH_INVALID');
    expect(await verifiedSubject(token, 'app-a', OTHER)).toBeNull();
  });

  it('does not take a token verified for one app as another app’s', async () => {
    const token = await signAuthToken(SECRET, 'app-a', { sub: 'mia', name: 'Mia' });
    expect(await verifiedSubject(token, 'app-a', SECRET)).toBe('mia');
    expect(await code(verifyAuthToken(token, 'app-b', SECRET))).toBe('AUTH_INVALID');
  });

  it('answers AUTH_EXPIRED for a kept token once its expiry has passed', async () => {
    const token = await signAuthToken(SECRET, 'app-a', { sub: 'mia', name: 'Mia' }, 60);
    expect((await verifyAuthToken(token, 'app-a', SECRET)).sub).toBe('mia');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await code(verifyAuthToken(token, 'app-a', SECRET))).toBe('AUTH_EXPIRED');
  });

  it('still refuses a forged token of a user whose real token it kept', async () => {
    const real = await signAuthToken(SECRET, 'app-a', { sub: 'mia', name: 'Mia' });
    await verifyAuthToken(real, 'app-a', SECRET);
    const forged = await signAuthToken(OTHER, 'app-a', { sub: 'mia', name: 'Mia' });
    expect(await code(verifyAuthToken(forged, 'app-a', SECRET))).toBe('AUTH_INVALID');
    const [head, body] = real.split('.');
    expect(await code(verifyAuthToken(`${head}.${body}.${'A'.repeat(43)}`, 'app-a', SECRET))).toBe('AUTH_INVALID');
  });
});

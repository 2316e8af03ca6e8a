import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The used proofs of every instance (app.ts: modules/accounts/used-proofs-repo.ts). */
    usedProofs: UsedProofs;
  }
}

/**
 * Where a solution's signature is recorded until its challenge expires, shared by every instance so that each refuses
 * a replay. `use` records it and answers false when it was recorded already.
 */
export type UsedProofs = { use(signature: string, expiresAt: Date): Promise<boolean> };

/** A challenge must be solved and used within 10 minutes (the client refreshes 60 s before expiry, shell §4). */
export const PROOF_TTL_SECONDS = 600;

/** Upper bound of the secret number: about 0.5 s of SHA-256 in a browser on average; PROOF_MAX_NUMBER overrides it. */
export const DEFAULT_PROOF_MAX_NUMBER = 50_000;

/** Longest accepted x-wp / captcha value (a base64 JSON payload is about 300 characters). */
const MAX_PROOF_LENGTH = 2000;

export type ProofChallenge = Challenge & { expires: number };

export type ProofFailure = 'WP_MISSING' | 'WP_INVALID' | 'WP_EXPIRED' | 'WP_REPLAYED';

export type ProofResult = { ok: true } | { ok: false; code: ProofFailure; message: string };

const MESSAGES: Record<ProofFailure, string> = {
  WP_MISSING: 'A proof of work is required for this request.',
  WP_INVALID: 'The proof of work is not valid.',
  WP_EXPIRED: 'The proof of work has expired. Please try again.',
  WP_REPLAYED: 'The proof of work was already used. Please try again.',
};

/** The HMAC key is derived from the session secret, so no other secret has to be configured. */
export const proofKey = (sessionSecret: string): string => createHmac('sha256', sessionSecret).update('guffaw-proof-of-work').digest('base64url');

export function proofMaxNumber(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.PROOF_MAX_NUMBER);
  return Number.isInteger(n) && n >= 1 && n <= 10_000_000 ? n : DEFAULT_PROOF_MAX_NUMBER;
}

/**
 * An ALTCHA challenge (SHA-256 of salt + number), signed with HMAC and carrying its expiry in the salt. `scope` (also in
 * the signed salt) binds it to one use: verifyProof with another scope, or none, refuses it (the comment service binds
 * its challenges to the app and the token's user, so a main-API proof or another user's is no good there).
 */
export async function issueChallenge(sessionSecret: string, maxNumber = proofMaxNumber(), scope?: string): Promise<ProofChallenge> {
  const expires = new Date(Date.now() + PROOF_TTL_SECONDS * 1000);
  const params = scope === undefined ? {} : { params: { scope: proofScope(scope) } };
  const challenge = await createChallenge({ hmacKey: proofKey(sessionSecret), maxNumber, expires, algorithm: 'SHA-256', ...params });
  return { ...challenge, expires: Math.floor(expires.getTime() / 1000) };
}

/** The scope as the salt carries it: a short digest (the salt stays short whatever the scope). */
const proofScope = (scope: string): string => createHmac('sha256', 'guffaw-proof-scope').update(scope).digest('base64url').slice(0, 22);

/**
 * How hard a challenge is for someone who asked `recent` challenges in the last minute: `base` for the first
 * PROOF_STEP_WRITES, then doubled for each further PROOF_STEP_WRITES, at most PROOF_MAX_FACTOR times `base`.
 */
export const PROOF_STEP_WRITES = 10;
export const PROOF_MAX_FACTOR = 64;
export const proofDifficulty = (base: number, recent: number): number =>
  Math.min(10_000_000, base * Math.min(PROOF_MAX_FACTOR, 2 ** Math.floor(Math.max(0, recent - 1) / PROOF_STEP_WRITES)));

/**
 * Checks a solution (base64 JSON {algorithm, challenge, number, salt, signature}, as ALTCHA widgets send it):
 * signature and hash first, then expiry, then single use (the signature is recorded until it expires, in the database
 * so every instance refuses a replay: `used`).
 */
export async function verifyProof(used: UsedProofs, sessionSecret: string, payload: string | undefined | null, scope?: string): Promise<ProofResult> {
  if (!payload) return fail('WP_MISSING');
  if (payload.length > MAX_PROOF_LENGTH) return fail('WP_INVALID');
  let parsed: { signature?: unknown; salt?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as typeof parsed;
  } catch {
    return fail('WP_INVALID');
  }
  if (typeof parsed !== 'object' || parsed === null || typeof parsed.signature !== 'string' || typeof parsed.salt !== 'string') {
    return fail('WP_INVALID');
  }
  let valid = false;
  try {
    valid = await verifySolution(payload, proofKey(sessionSecret), false);
  } catch {
    valid = false;
  }
  if (!valid) return fail('WP_INVALID');
  const params = extractParams({ salt: parsed.salt } as Challenge);
  const expires = Number(params.expires);
  if (!Number.isFinite(expires)) return fail('WP_INVALID');
  if ((params.scope ?? undefined) !== (scope === undefined ? undefined : proofScope(scope))) return fail('WP_INVALID');
  if (expires * 1000 < Date.now()) return fail('WP_EXPIRED');
  if (!(await used.use(parsed.signature, new Date(expires * 1000)))) return fail('WP_REPLAYED');
  return { ok: true };
}

function fail(code: ProofFailure): ProofResult {
  return { ok: false, code, message: MESSAGES[code] };
}

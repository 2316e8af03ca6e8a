/** An ALTCHA challenge as POST /v1/wp hands it out. */
export type Challenge = { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };

const BATCH = 500;

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Solves an ALTCHA challenge: the number n <= maxnumber with sha256(salt + n) = challenge, hashed in batches so the
 * page stays responsive. Returns what the server verifies: base64(JSON {algorithm, challenge, number, salt, signature}).
 */
export async function solveProof(c: Challenge, signal?: AbortSignal): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Wrong CAPTCHA.');
  const encoder = new TextEncoder();
  for (let start = 0; start <= c.maxnumber; start += BATCH) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const numbers = Array.from({ length: Math.min(BATCH, c.maxnumber - start + 1) }, (_, i) => start + i);
    const hashes = await Promise.all(numbers.map((n) => subtle.digest('SHA-256', encoder.encode(c.salt + n))));
    const found = hashes.findIndex((h) => hex(h) === c.challenge);
    if (found >= 0) {
      const payload = { algorithm: c.algorithm, challenge: c.challenge, number: numbers[found], salt: c.salt, signature: c.signature };
      return btoa(JSON.stringify(payload));
    }
  }
  throw new Error('Wrong CAPTCHA.');
}

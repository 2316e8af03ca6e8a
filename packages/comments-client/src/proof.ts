/** A challenge of the comment service's wp.json (ALTCHA: SHA-256 of salt + number, number at most maxnumber). */
export type Challenge = { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };

/**
 * Finds the number with crypto.subtle and returns the x-wp value (base64 JSON, as ALTCHA widgets send it); the
 * service refuses the write (WP_INVALID) if none is found.
 */
export async function solveChallenge(c: Challenge): Promise<string> {
  let number = 0;
  for (; number <= c.maxnumber; number++) {
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(c.salt + number)));
    if (Array.from(hash, (b) => (b + 256).toString(16).slice(1)).join('') == c.challenge) break;
  }
  return btoa(JSON.stringify({ ...c, number }));
}

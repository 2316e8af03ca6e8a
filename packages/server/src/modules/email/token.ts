import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link's token: the recipient (`u:{users.id}` or `c:{comment_users.id}`) and an HMAC-SHA256 of it
 * under the server secret, both base64url. It never expires (a link in a year-old mail still works) and it can do one
 * thing only: turn that recipient's email notifications off.
 */
const RECIPIENT = /^[uc]:[1-9]\d{0,17}$/;
const MAX_TOKEN_LENGTH = 200;

const macOf = (secret: string, recipient: string) =>
  createHmac('sha256', secret).update(`guffaw email unsubscribe v1\n${recipient}`).digest().subarray(0, 18);

export function unsubscribeToken(secret: string, recipient: string): string {
  return `${Buffer.from(recipient).toString('base64url')}.${macOf(secret, recipient).toString('base64url')}`;
}

/** The recipient a token names, or null when it is malformed or was not signed with this secret. */
export function recipientOfToken(secret: string, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const match = /^([A-Za-z0-9_-]{1,40})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match) return null;
  const recipient = Buffer.from(match[1] as string, 'base64url').toString('utf8');
  if (!RECIPIENT.test(recipient)) return null;
  const given = Buffer.from(match[2] as string, 'base64url');
  const expected = macOf(secret, recipient);
  return given.length === expected.length && timingSafeEqual(given, expected) ? recipient : null;
}

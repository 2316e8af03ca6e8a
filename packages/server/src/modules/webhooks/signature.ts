import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature scheme of webhook deliveries (README.md "Webhooks"):
 *
 *   Guffaw-Webhook-Id:        the event's id (the same on every attempt and on a replay: receivers dedupe with it)
 *   Guffaw-Webhook-Timestamp: the attempt's time, whole seconds since the epoch
 *   Guffaw-Signature:         v1=<hex HMAC-SHA256 keyed with the endpoint's secret (its UTF-8 bytes, `whsec_…` whole)
 *                             over `${id}.${timestamp}.${body}`, body being the raw request body>
 *
 * A receiver recomputes it over the raw body, compares in constant time and refuses timestamps too far from its clock.
 */
export const WEBHOOK_ID_HEADER = 'Guffaw-Webhook-Id';
export const WEBHOOK_TIMESTAMP_HEADER = 'Guffaw-Webhook-Timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'Guffaw-Signature';
/** How far a timestamp may be from the receiver's clock (the README's snippet uses it). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('hex')}`;
}

/**
 * The receiver's check, as the README shows it: true when the signature is the secret's over these exact bytes and
 * the timestamp is within WEBHOOK_TOLERANCE_SECONDS of `now`.
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now = Date.now(),
): boolean {
  const one = (name: string) => {
    const v = headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  };
  const id = one(WEBHOOK_ID_HEADER);
  const timestamp = Number(one(WEBHOOK_TIMESTAMP_HEADER));
  const signature = one(WEBHOOK_SIGNATURE_HEADER) ?? '';
  if (!id || !Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, id, timestamp, rawBody));
  // Several signatures may be sent space-separated (a secret being rotated): one match is enough.
  return signature.split(' ').some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

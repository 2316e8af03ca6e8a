import { createHmac } from 'node:crypto';
import type { AnalyticsBatchReply } from '@guffaw/api';
import { badRequest } from '../../lib/envelope.js';
import type { Database } from '../../db/index.js';
import type { JsonObject } from '../../db/schema.js';
import { insertEvents, type NewEvent } from './repository.js';
import { MAX_EVENTS_PER_BATCH } from './schemas.js';

/** Names like page-view, post-impression, unique-view, wp-solver-error. */
const EVENT_NAME = /^[a-z][a-z0-9-]{0,47}$/;
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
const POST_ID = /^[A-Za-z0-9_-]{1,32}$/;
export const MAX_FIELDS = 20;
export const MAX_TEXT = 256;
export const MAX_PAGE = 200;
/** Client clocks drift: an event more than a day away from the server's time is refused as a bad batch. */
const MAX_CLOCK_SKEW_S = 86_400;

/** Stored once per visit session and post (§7: impressions deduplicated per session; the one-second unique view). */
export const ONCE_PER_SESSION = new Set(['post-impression', 'unique-view']);

export type DecodedEvent = { name: string; page: string | null; ts: number; data: JsonObject; postId: string | null };

const invalid = (why: string) => badRequest('INVALID_EVENTS', `The analytics batch was refused: ${why}.`);

/** Decodes and checks a batch; any bad event refuses the whole batch (a 400 the tracker ignores). */
export function decodeBatch(payload: string, nowS: number): DecodedEvent[] {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) throw invalid('the payload is not base64');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    throw invalid('the payload is not JSON');
  }
  if (!Array.isArray(parsed) || parsed.length === 0) throw invalid('the payload must be a list of events');
  if (parsed.length > MAX_EVENTS_PER_BATCH) throw invalid(`at most ${MAX_EVENTS_PER_BATCH} events per batch`);
  return parsed.map((raw, i) => decodeEvent(raw, i, nowS));
}

function decodeEvent(raw: unknown, i: number, nowS: number): DecodedEvent {
  const at = `event ${i + 1}`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalid(`${at} is not an object`);
  const { name, page = null, ts, data = {} } = raw as Record<string, unknown>;
  if (typeof name !== 'string' || !EVENT_NAME.test(name)) throw invalid(`${at} has no valid name`);
  // NUL cannot be stored in PostgreSQL text or jsonb: such an event is refused like any other bad one.
  if (page !== null && (typeof page !== 'string' || page.length > MAX_PAGE || page.includes('\0'))) throw invalid(`${at} has an invalid page`);
  if (typeof ts !== 'number' || !Number.isInteger(ts) || Math.abs(ts - nowS) > MAX_CLOCK_SKEW_S) throw invalid(`${at} has an invalid time`);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw invalid(`${at} has invalid data`);
  const entries = Object.entries(data as Record<string, unknown>);
  if (entries.length > MAX_FIELDS) throw invalid(`${at} has more than ${MAX_FIELDS} fields`);
  const fields: JsonObject = {};
  for (const [key, value] of entries) {
    if (!FIELD_NAME.test(key)) throw invalid(`${at} has an invalid field name`);
    const ok =
      value === null ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (typeof value === 'string' && value.length <= MAX_TEXT && !value.includes('\0'));
    if (!ok) throw invalid(`${at} has an invalid value for ${key}`);
    fields[key] = value as string | number | boolean | null;
  }
  const postId = fields.postId ?? null;
  if (postId !== null && (typeof postId !== 'string' || !POST_ID.test(postId))) throw invalid(`${at} has an invalid postId`);
  if (ONCE_PER_SESSION.has(name) && postId === null) throw invalid(`${at} needs a postId`);
  return { name, page: page as string | null, ts, data: fields, postId: postId as string | null };
}

/**
 * The visit session an event belongs to: the tracker's session id when it sent one, otherwise a keyed hash of the
 * address and browser (so a client that sends none still gets its impressions counted once). Never the raw address.
 */
export function sessionKeyOf(secret: string, visitSession: string | undefined, ip: string, userAgent: string): string {
  if (visitSession) return `v:${visitSession}`;
  return `a:${createHmac('sha256', secret).update(`${ip}\n${userAgent}`).digest('base64url').slice(0, 22)}`;
}

export type BatchInput = { payload: string; sessionKey: string; userId: number | null; now?: Date };

/** Stores a batch; returns how many events were received and how many were new (repeats of once-only events are not). */
export async function recordBatch(db: Database, input: BatchInput): Promise<AnalyticsBatchReply> {
  const now = input.now ?? new Date();
  const events = decodeBatch(input.payload, Math.floor(now.getTime() / 1000));
  const seen = new Set<string>();
  const rows: NewEvent[] = [];
  for (const e of events) {
    if (ONCE_PER_SESSION.has(e.name)) {
      const key = `${e.name}\n${e.postId}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    rows.push({
      name: e.name,
      postId: e.postId,
      sessionKey: input.sessionKey,
      userId: input.userId,
      payload: { page: e.page, ts: e.ts, ...e.data },
    });
  }
  const stored = await insertEvents(db, rows);
  return { received: events.length, stored };
}

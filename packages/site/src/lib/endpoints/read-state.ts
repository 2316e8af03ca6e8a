import type { ReadState } from '@guffaw/api';

/** The notification host's read state (`{status, payload}`, not the main envelope). */
export const readStateUrl = (host: string) => new URL('/v1/read-state.json', host);

type ReadStateReply = { status?: string; payload?: Partial<ReadState> };

/** GET or POST /v1/read-state.json with a plain fetch (the reply is not the main envelope). */
export async function readStateCall(url: URL, init: RequestInit): Promise<ReadState> {
  const res = await fetch(url, { ...init, headers: { 'x-api-version': '2' } });
  const body = (await res.json()) as ReadStateReply;
  if (!res.ok || body.status !== 'OK' || typeof body.payload?.unreadCount !== 'number') throw new Error(`read state: HTTP ${res.status}`);
  return { lastReadTimestamp: body.payload.lastReadTimestamp ?? 0, unreadCount: body.payload.unreadCount };
}

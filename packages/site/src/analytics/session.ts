/**
 * The visit session (shell-and-account.md §3 "Session", §4, §9): start and expiry times, the ref and utm values it
 * began with, and the events already counted in it. Each use extends it by 1800 s; once expired it starts anew
 * (referral values cleared). Kept in localStorage under `sessionEvents`.
 */
export const SESSION_KEY = 'sessionEvents';
export const SESSION_EXTENSION_MS = 1_800_000;

export type VisitSession = {
  id: string;
  startTs: number;
  expiryTs: number;
  ref: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  utmMedium: string | null;
  /** Keys of events counted once per session (impressions, unique views). */
  seen: string[];
};

const MAX_SEEN = 2000;

function read(storage: Storage | null): VisitSession | null {
  try {
    const value = JSON.parse(storage?.getItem(SESSION_KEY) ?? 'null') as VisitSession | null;
    return value && typeof value.expiryTs === 'number' && Array.isArray(value.seen) ? value : null;
  } catch {
    return null;
  }
}

function write(storage: Storage | null, session: VisitSession): void {
  try {
    storage?.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // Without storage the session lasts as long as the page.
  }
}

/** The current session, extended by 1800 s, or a new one when it expired (taking ref and utm from the address). */
export function touchSession(storage: Storage | null, now: number, search = ''): VisitSession {
  const current = read(storage);
  let session: VisitSession;
  if (current && now <= current.expiryTs) {
    session = { ...current, expiryTs: now + SESSION_EXTENSION_MS };
  } else {
    const q = new URLSearchParams(search);
    session = {
      id: `${now.toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
      startTs: now,
      expiryTs: now + SESSION_EXTENSION_MS,
      ref: q.get('ref'),
      utmSource: q.get('utm_source'),
      utmCampaign: q.get('utm_campaign'),
      utmMedium: q.get('utm_medium'),
      seen: [],
    };
  }
  write(storage, session);
  return session;
}

/** The current session's id, without extending it; null when there is none or it expired. */
export function currentSessionId(storage: Storage | null, now: number): string | null {
  const session = read(storage);
  return session && now <= session.expiryTs ? session.id : null;
}

/** Records `key` in the session; false when it was already there (so the caller does not count it twice). */
export function firstInSession(storage: Storage | null, now: number, key: string, search = ''): boolean {
  const session = touchSession(storage, now, search);
  if (session.seen.includes(key)) return false;
  write(storage, { ...session, seen: [...session.seen, key].slice(-MAX_SEEN) });
  return true;
}

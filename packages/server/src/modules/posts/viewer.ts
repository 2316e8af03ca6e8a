import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/index.js';
import { knownSessionUser, rememberSessionUser, requestSessionId, sessionEpoch, type SessionUser } from '../../lib/session.js';
import { isActivePro, proSettings } from '../accounts/pro.js';
import * as repo from './repository.js';
import { perDatabase, VisitorPageCache, visitorCacheTtl } from './visitor-cache.js';

/** The one who reads a list, with what their account hides. */
export type Viewer = {
  id: number;
  userId: string;
  hidePromoted: boolean;
  mutedWords: string[];
  blockedTags: string[];
  /** The tags and interests the member follows, by id (For You). */
  followed: { tagIds: number[]; interestIds: number[] };
};

export async function loadViewer(db: Database, user: SessionUser | null): Promise<Viewer | null> {
  if (!user) return null;
  const row = await repo.findViewer(db, user.id);
  return row ? viewerOf(row) : null;
}

type ViewerRow = NonNullable<Awaited<ReturnType<typeof repo.findViewer>>>;
function viewerOf(row: ViewerRow): Viewer {
  const words = (list: string[] | null) => (list ?? []).filter((w) => w.trim() !== '');
  return {
    id: row.id,
    userId: row.userId,
    hidePromoted: isActivePro(row) && proSettings(row).hidePromotedPosts,
    mutedWords: words(row.mutedWords),
    blockedTags: words(row.blockedTags),
    followed: { tagIds: (row.followedTagIds ?? []).map(Number), interestIds: (row.followedInterestIds ?? []).map(Number) },
  };
}

/**
 * A session's viewer row for FEED_CACHE_MS (1 s): a member's list requests come in runs (pages, tabs, back), and the
 * row rarely changes. The key holds the session epoch, so a logout or a change of the member's row, word lists or
 * followed pages in this process is seen at once; made by another instance, within the TTL. Off under tests.
 */
const sessionViewers = perDatabase(() => new VisitorPageCache<Awaited<ReturnType<typeof repo.findSessionViewer>>>(visitorCacheTtl(), 2000));

/**
 * The viewer of a list request: the session and what the member hides in one statement (kept briefly:
 * sessionViewers), unless the request's user was looked up already. The user found is kept as the request's session
 * user (lib/session.ts).
 */
export async function requestViewer(db: Database, request: FastifyRequest): Promise<Viewer | null> {
  const known = knownSessionUser(request);
  if (known !== undefined) return loadViewer(db, known);
  const sessionId = requestSessionId(request);
  const row = sessionId
    ? await sessionViewers(db).get(`${sessionEpoch(db)}|${sessionId}`, () => repo.findSessionViewer(db, sessionId))
    : undefined;
  rememberSessionUser(request, row ? { id: row.id, userId: row.userId, username: row.username } : null);
  return row ? viewerOf(row) : null;
}

import { forbidden, unauthorized } from '../../../lib/envelope.js';
import { sessionEndEpoch } from '../../../lib/session.js';
import { verifyAuthToken } from '../auth.js';
import { createBatcher } from '../batch.js';
import * as repo from '../repo/index.js';
import type { AppRow, ViewerFilter } from '../repo/index.js';
import { claimImportedUser } from '../transfer/claim.js';
import { bannedError, isBanned } from './bans.js';
import { AUTH_CACHE_MS, FILTER_CACHE_MS } from './caches.js';
import type { CommentCore } from './core.js';
import { newId, type Viewer, type WriteGuard } from './types.js';

const SESSION_ENDED = 'Your session has ended. Please log in again.';
/** A comment user's activeTs is refreshed at most this often. */
const ACTIVE_REFRESH_MS = 3600_000;

export function requireActive(viewer: Viewer | null): Viewer {
  if (!viewer) throw unauthorized('AUTH_REQUIRED', 'You must be logged in');
  // Compared with now on every call, so a cached viewer's ended ban is no ban (bans.ts).
  if (isBanned(viewer.user)) throw bannedError(viewer.user);
  return viewer;
}

export function requireModerator(viewer: Viewer | null): Viewer {
  const v = requireActive(viewer);
  if (!v.moderator) throw forbidden('NOT_MODERATOR', 'Only moderators can do this.');
  return v;
}

/** Who calls: the comment user behind `auth`, and what they may see. */
export function createViewers(core: CommentCore) {
  const { db, caches, hooks } = core;

  type Found = repo.UserWithRole & { mainUser: boolean };
  /**
   * A hosted app's users that are live accounts of its host (they alone notify and follow there). `known`: ids whose
   * token's session the host just found live (a live session is a live account's), so it is not asked again.
   */
  async function withHost(appId: string, users: repo.UserWithRole[], known: ReadonlySet<string> = new Set()): Promise<Found[]> {
    const host = core.hostOf({ id: appId });
    const ask = users.map((u) => u.externalId).filter((id) => !known.has(id));
    const live = host && ask.length > 0 ? await host.liveAccounts(ask) : new Set<string>();
    return users.map((u) => ({ ...u, mainUser: host !== null && (known.has(u.externalId) || live.has(u.externalId)) }));
  }

  /** Sign-ins arriving together are looked up in one query per app (and one of the host's accounts, when any is unknown). */
  const loadUser = createBatcher<{ appId: string; externalId: string; live: boolean }, Found | null>(async (items) => {
    // Per app: the ids to read, and those whose session was just found live.
    const byApp = new Map<string, { ids: Set<string>; live: Set<string> }>();
    for (const it of items) {
      let app = byApp.get(it.appId);
      if (!app) byApp.set(it.appId, (app = { ids: new Set(), live: new Set() }));
      app.ids.add(it.externalId);
      if (it.live) app.live.add(it.externalId);
    }
    const found = new Map<string, Found>();
    for (const [appId, { ids, live }] of byApp) {
      for (const u of await withHost(appId, await repo.findUsersWithRole(db, appId, [...ids]), live)) found.set(`${appId}\n${u.externalId}`, u);
    }
    return items.map((it) => found.get(`${it.appId}\n${it.externalId}`) ?? null);
  });

  /**
   * The comment user behind `auth`, upserted from the token's claims. A verified token's user is reused for up to
   * AUTH_CACHE_MS (never past the token's expiry), so a burst of calls costs one upsert, not one each. A write's
   * `guard` runs on the way: its proof as soon as the token is verified, and the fresh-identity throttle when the
   * sign-in read finds no user (that read is the only one: nothing is created when the guard refuses).
   */
  async function authenticate(app: AppRow, token: string | undefined, required: boolean, guard?: WriteGuard): Promise<Viewer | null> {
    if (!token) {
      if (required) throw unauthorized('AUTH_REQUIRED', 'You must be logged in');
      return null;
    }
    const key = `${app.id}\n${token}`;
    const now = Date.now();
    const cached = caches.viewers.get(key);
    // A session that ended in this process (or on another instance, told through the bus) raised the epoch.
    if (cached && cached.until > now && cached.epoch === sessionEndEpoch(db)) {
      await guard?.proved(cached.viewer.claims.sub);
      return cached.viewer;
    }
    const epoch = sessionEndEpoch(db);
    const claims = await verifyAuthToken(token, app.id, app.secret);
    await guard?.proved(claims.sub);
    const host = core.hostOf(app);
    // A host's tokens live as long as the session they were issued in (the main site: accounts commentAuth's `sid`).
    if (host && claims.sid !== null && !(await host.sessionLive(claims.sub, claims.sid))) {
      throw unauthorized('AUTH_EXPIRED', SESSION_ENDED);
    }
    // Past that check, a token with a session is a live account's: only a live account has a live session.
    const live = host !== null && claims.sid !== null;
    // Read first: a returning user whose claims did not change (and who was active within the hour) costs no write.
    let found = await loadUser({ appId: app.id, externalId: claims.sub, live });
    // A new user may be an imported author (same id or e-mail): they take that user over (transfer/claim.ts), and
    // the upsert below then gives it the token's name and avatar.
    if (!found) {
      await guard?.admitNewUser();
      await claimImportedUser(db, app.id, claims.sub, claims.email);
    }
    if (
      !found ||
      found.displayName !== claims.name ||
      found.avatarUrl !== claims.avatar ||
      found.profileUrl !== claims.profileUrl ||
      now - found.activeAt.getTime() > ACTIVE_REFRESH_MS
    ) {
      const [upserted] = await withHost(app.id, [await repo.upsertUser(db, {
        appId: app.id,
        externalId: claims.sub,
        userId: newId(),
        displayName: claims.name,
        avatarUrl: claims.avatar,
        profileUrl: claims.profileUrl,
      })], new Set(live ? [claims.sub] : []));
      found = upserted as Found;
    }
    // Email notifications: an app user's address is the one their host signs (a hosted app's members use their account's).
    if (!host && hooks.appUserEmail) await hooks.appUserEmail(found.id, token, found.email ?? '').catch(() => undefined);
    const { moderator, mainUser, ...user } = found;
    // Every token the site hands a member carries its session; one without is no member's (only the app's secret signs).
    if (host && mainUser && claims.sid === null) throw unauthorized('AUTH_EXPIRED', SESSION_ENDED);
    const viewer: Viewer = { user, moderator, mainUser, claims: { sub: claims.sub, exp: claims.exp } };
    caches.viewers.set(key, { viewer, until: Math.min(now + AUTH_CACHE_MS, claims.exp * 1000), epoch });
    return viewer;
  }

  async function viewerFilter(app: AppRow, viewer: Viewer | null, url: string): Promise<ViewerFilter> {
    if (!viewer) return repo.visitorFilter;
    const postId = core.postOf(app.id, url);
    const key = `${viewer.user.id}\n${viewer.moderator}\n${postId ?? ''}`;
    const hit = caches.filters.get(key);
    if (hit && Date.now() - hit.at < FILTER_CACHE_MS) return hit.filter;
    const f: ViewerFilter = { viewerId: viewer.user.id, moderator: viewer.moderator, offensiveMode: false, blockedUserIds: [], hideAnonymousOp: false };
    const host = core.hostOf(app);
    if (host) {
      // The host keeps its accounts' settings and blocks (the main site: users, user_blocks, post_blocks).
      const main = await host.viewerFilter(viewer.user.externalId, postId);
      f.offensiveMode = main.offensiveMode;
      f.blockedUserIds = await repo.userIdsByExternalIds(db, app.id, main.blockedAccountIds);
      f.hideAnonymousOp = main.postBlocked;
    } else {
      // Other apps' members block each other in the comment service (user-block.json, comment_user_blocks).
      f.blockedUserIds = await repo.blockedUserIds(db, viewer.user.id);
    }
    caches.filters.set(key, { filter: f, at: Date.now() });
    return f;
  }

  /**
   * The viewer's filter; their id is kept only when they wrote offensive or held comments here, so everyone else
   * shares pages (rendered-pages.ts keys pages by the filter: a page with someone's held comments is theirs alone).
   * Moderators see held comments anyway; in offensive mode one's own offensive comments need no id.
   */
  async function effectiveFilter(app: AppRow, viewer: Viewer | null, url: string): Promise<ViewerFilter> {
    const filter = await viewerFilter(app, viewer, url);
    if (!viewer) return { ...filter, viewerId: null };
    const cached = await caches.section(app.id, url);
    if (!cached.row) return { ...filter, viewerId: null };
    if (!filter.moderator) {
      if (!cached.heldAuthors) cached.heldAuthors = new Set(await repo.heldAuthorIds(db, cached.row.id));
      if (cached.heldAuthors.has(viewer.user.id)) return { ...filter, viewerId: viewer.user.id };
    }
    if (filter.offensiveMode) return { ...filter, viewerId: null };
    if (!cached.offensiveAuthors) cached.offensiveAuthors = new Set(await repo.offensiveAuthorIds(db, cached.row.id));
    return { ...filter, viewerId: cached.offensiveAuthors.has(viewer.user.id) ? viewer.user.id : null };
  }

  /** A viewer's cached filters, after they block or unblock someone (`all`: every viewer's, for the main app's per-post keys). */
  function dropFilters(userId: number, all: boolean): void {
    if (all) caches.filters.clear();
    else for (const moderator of [true, false]) caches.filters.delete(`${userId}\n${moderator}\n`);
  }

  return { authenticate, viewerFilter, effectiveFilter, dropFilters };
}

export type Viewers = ReturnType<typeof createViewers>;

import { createHash, randomBytes } from 'node:crypto';
import type {
  AddCommentResult, Attachment, Comment, CommentAppInfo, CommentPage, CommentUserState, LikeValue, LinkPreview, Quota,
} from '@guffaw/comments-client';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import type { Bus } from '../../lib/pubsub.js';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../../lib/envelope.js';
import { isSessionTagLive, sessionEndEpoch } from '../../lib/session.js';
import { verifyAuthToken, verifyOpToken } from './auth.js';
import { SNAPSHOT_TTL_MS, decodeCursor, encodeCursor, type CursorToken } from './cursor.js';
import { commentHotScore } from './hot-rank.js';
import { barePreview, detectLinks } from './links.js';
import { notifyCommentAdded, notifyForComment, type CommentEvent } from './notify.js';
import { createBatcher } from './batch.js';
import { presentComment, presentUserInfo, type PresentContext } from './present.js';
import * as repo from './repository.js';
import { normalizeCommentText } from './text.js';
import { emailClaimOf } from '../email/service.js';
import { claimImportedUser } from './transfer/claim.js';
import type { AppRow, CommentRecord, SectionRow, SortType, UserRow, ViewerFilter } from './repository.js';

const attachmentUsed = () =>
  new HttpError(409, 'ATTACHMENT_USED', 'This attachment was already posted with another comment. Please upload it again.');

/** The main site's own app (DESIGN.md). */
export const MAIN_APP_ID = 'guffaw';
/** comments.md §9. */
export const DEFAULT_PAGE_COUNT = 10;
export const MAX_PAGE_COUNT = 50;
/** Pinned comments per section: the top of a thread is not a second list. */
export const MAX_PINNED = 3;
export const MAX_ATTACHMENTS = 4;
export const MAX_MENTIONS = 10;

/** An error of the comment service that carries a payload (e.g. the quota when it is used up). */
export class CommentServiceError extends HttpError {
  constructor(
    statusCode: number,
    code: string,
    message: string,
    readonly payload: Record<string, unknown>,
  ) {
    super(statusCode, code, message);
  }
}

/** `mainUser`: main app only, the viewer is a live main-site account (only they can cause notifications there). */
export type Viewer = { user: UserRow; moderator: boolean; mainUser: boolean; claims: { sub: string; exp: number } };

export type ListInput = {
  url: string;
  type: SortType;
  count: number;
  commentId?: string | undefined;
  level?: 1 | 2 | undefined;
  next?: string | undefined;
  prev?: string | undefined;
  refresh?: string | undefined;
};

export type AddInput = {
  url: string;
  text: string;
  attachments: { type: 'userMedia' | 'link'; token: string }[];
  parent?: string | undefined;
  opToken?: string | undefined;
  delegateUserId?: string | undefined;
};

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const newId = (bytes = 9) => randomBytes(bytes).toString('base64url');

/** Bounded map: the oldest entry goes first. */
class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  set(key: string, value: V): void {
    if (this.map.size >= this.max && !this.map.has(key)) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
    this.map.set(key, value);
  }
  delete(key: string): void {
    this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
}

const SESSION_ENDED = 'Your session has ended. Please log in again.';
/** The name the anonymous OP goes by (present.ts anonymousOp). */
const ANONYMOUS_OP_NAME = 'OP';
/** How long a verified token's user, an app row or a visitor page is reused by this instance (see README.md). */
const AUTH_CACHE_MS = 10_000;
const APP_CACHE_MS = 30_000;
const VISITOR_CACHE_MS = 2_000;
const SECTION_CACHE_MS = 2_000;
const FILTER_CACHE_MS = 5_000;
/** user.json lists at most this many of an app member's blocked users (newest first). */
const BLOCKLIST_MAX = 1000;
/** A comment user's activeTs is refreshed at most this often. */
const ACTIVE_REFRESH_MS = 3600_000;
export const VISITOR_MAX_AGE_SECONDS = 5;
/** Outbox drain: rows per claim, how long a claim holds (then another instance may send them), the sweep period. */
const OUTBOX_BATCH = 50;
const OUTBOX_LEASE_SECONDS = 60;
const OUTBOX_SWEEP_MS = 30_000;
const RANK_LOG_PRUNE_MS = 10 * 60_000;

export type VisitorPage = { body: Buffer; etag: string };
type RenderedPage = VisitorPage & { version: number; at: number; section: string };
/** A visitor page as the GET answers it: bytes, ETag and headers ready, and the app (for CORS). */
export type VisitorAnswer = { page: RenderedPage; app: AppRow; headers: Record<string, string> };

/**
 * What the comment service tells other modules, through their public faces (app.ts wires them; modules never touch
 * each other's tables).
 */
export type CommentHooks = {
  /**
   * A reply by a main-site account (its users.user_id): follow the thread per the account's autoFollowThreadReply
   * (threads module). Null when there is no such account.
   */
  followOnReply?: (externalUserId: string, threadId: string) => Promise<{ followed: boolean; started: boolean } | null>;
  /**
   * The comment count of a main-app product post (`${PUBLIC_URL}/gag/{postId}`) is now `count`: the section total,
   * comments people can see (posts module, posts.comments_count).
   */
  postCommentsChanged?: (postId: string, count: number) => Promise<void>;
  /**
   * An event for the app's webhooks (modules/webhooks): queued durably before the call answers; a failure to queue
   * never fails the call. Only real changes are told (hiding a hidden comment or banning a banned user is not).
   */
  webhookEvent?: (appId: string, type: 'comment.created' | 'comment.deleted' | 'comment.reported' | 'comment.hidden' | 'user.banned', data: Record<string, unknown>) => Promise<unknown>;
  /**
   * Email notifications (modules/email) of apps other than the main one: the `email` claim of a user's token when it
   * differs from the one kept ('' when the token has none), and a reply to an app user's comment (after it is written).
   */
  /**
   * The main app's members follow threads and block users in the main site's tables (threads and accounts modules):
   * the comment service's follow and block calls hand a main-site member's request to them (the embed frame).
   */
  mainMembers?: {
    followStatus: (externalUserId: string, threadId: string) => Promise<boolean>;
    follow: (externalUserId: string, threadId: string, followed: boolean) => Promise<boolean>;
    block: (externalUserId: string, accountId: string, blocked: boolean) => Promise<void>;
  };
  appUserEmail?: (commentUserId: number, email: string) => Promise<void>;
  appReply?: (e: { recipientId: number; threadId: number; actorId: number; commentId: string; actorName: string; text: string; url: string }) => Promise<unknown>;
};

/**
 * `bus`: notifications go through the notifications module and reach the recipients' push (app.ts passes app.bus).
 * `hooks`: see CommentHooks.
 */
export function createCommentService(db: Database, config: Config, options: { mainAppId?: string; bus?: Bus; hooks?: CommentHooks } = {}) {
  const mainAppId = options.mainAppId ?? MAIN_APP_ID;
  const hooks = options.hooks ?? {};
  const ownOrigins = new Set([new URL(config.publicUrl).origin, new URL(config.commentsPublicUrl).origin]);
  const listUrl = `${config.commentsPublicUrl}/comments/v2/comment-list.json`;
  const productPrefix = `${config.publicUrl}/gag/`;

  const apps = new BoundedCache<{ row: AppRow | null; at: number }>(1000);
  const viewers = new BoundedCache<{ viewer: Viewer; until: number; epoch: number }>(20_000);
  const renderedPages = new BoundedCache<RenderedPage>(10_000);
  /** Visitor GETs by their exact request url (path and query as sent): a hit is answered before any parsing. */
  const visitorAnswers = new BoundedCache<VisitorAnswer>(10_000);
  const sectionVersions = new Map<string, number>();
  type SectionEntry = { row: SectionRow | null; hasPinned: boolean | null; offensiveAuthors: Set<number> | null; version: number; at: number };
  const sections = new BoundedCache<SectionEntry>(20_000);
  const filters = new BoundedCache<{ filter: ViewerFilter; at: number }>(20_000);
  let allOrigins: { set: Set<string>; at: number } | null = null;

  const sectionKey = (appId: string, url: string) => `${appId}\n${url}`;
  const emit = async (...args: Parameters<NonNullable<CommentHooks['webhookEvent']>>): Promise<void> => {
    await hooks.webhookEvent?.(...args).catch(() => undefined);
  };

  /**
   * The post's comment count follows the section total (hooks.postCommentsChanged) after every change to it: one run
   * per section at a time, each reading the total as it is then, so the last change wins and a burst costs a few
   * reads. A failed run is retried by the next change. Instances are not coordinated: two instances changing one
   * section at the same moment could set an older total last; the next change sets it right.
   */
  const postCounts = new Map<string, { again: boolean; done: Promise<void> }>();
  function syncPostCount(appId: string, url: string): void {
    const postId = productPostId(appId, url);
    const notify = hooks.postCommentsChanged;
    if (!postId || !notify) return;
    const key = sectionKey(appId, url);
    const running = postCounts.get(key);
    if (running) {
      running.again = true;
      return;
    }
    const entry = { again: true, done: Promise.resolve() };
    postCounts.set(key, entry);
    entry.done = (async () => {
      try {
        while (entry.again) {
          entry.again = false;
          const section = await repo.findSection(db, appId, url);
          if (section) await notify(postId, section.total);
        }
      } catch {
        // Left as it was until the section changes again.
      } finally {
        postCounts.delete(key);
      }
    })();
  }

  /**
   * Hides or unhides. The section total counts the comments people can see (comments.md §3 "total"): a hidden one
   * leaves it and comes back when unhidden; a deleted one already left it. Only a real change moves it.
   */
  async function setHidden(c: CommentRecord, hidden: boolean): Promise<void> {
    await db.transaction().execute(async (trx) => {
      if ((await repo.setHiddenFlag(trx, c.id, hidden)) && !c.isDeleted) await repo.addToSectionTotal(trx, c.sectionId, hidden ? -1 : 1);
    });
  }
  /** Any change to a section makes this instance's cached visitor pages of it stale at once. */
  const touch = (appId: string, url: string) => sectionVersions.set(sectionKey(appId, url), (sectionVersions.get(sectionKey(appId, url)) ?? 0) + 1);

  /**
   * A section row, reused by this instance until it changes here (touch) and for at most SECTION_CACHE_MS (changes
   * made by other instances): a list page then costs one query.
   */
  async function cachedSection(appId: string, url: string) {
    const key = sectionKey(appId, url);
    const version = sectionVersions.get(key) ?? 0;
    const hit = sections.get(key);
    if (hit && hit.version === version && Date.now() - hit.at < SECTION_CACHE_MS) return hit;
    const entry: SectionEntry = { row: (await repo.findSection(db, appId, url)) ?? null, hasPinned: null, offensiveAuthors: null, version, at: Date.now() };
    sections.set(key, entry);
    return entry;
  }

  /** The product post of a main-app url `${PUBLIC_URL}/gag/{postId}`, else null. */
  function productPostId(appId: string, url: string): string | null {
    if (appId !== mainAppId || !url.startsWith(productPrefix)) return null;
    const id = url.slice(productPrefix.length).split(/[/?#]/)[0] ?? '';
    return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
  }

  // --- apps, origins, viewers -----------------------------------------------------------------------------

  async function getApp(appId: string): Promise<AppRow> {
    const cached = apps.get(appId);
    let row = cached && Date.now() - cached.at < APP_CACHE_MS ? cached.row : undefined;
    if (row === undefined) {
      row = (await repo.findApp(db, appId)) ?? null;
      apps.set(appId, { row, at: Date.now() });
    }
    if (!row) throw notFound('APP_NOT_FOUND', 'This comment app does not exist.');
    return row;
  }

  const originsOf = (app: AppRow) => (Array.isArray(app.allowedOrigins) ? (app.allowedOrigins as unknown[]).filter((o): o is string => typeof o === 'string') : []);

  function isAllowedOrigin(app: AppRow, origin: string): boolean {
    return ownOrigins.has(origin) || originsOf(app).includes(origin);
  }

  /** Mutating calls from a page whose origin the app does not list are refused (a request without Origin is not a browser's cross-site one). */
  function assertOrigin(app: AppRow, origin: string | undefined): void {
    if (origin !== undefined && !isAllowedOrigin(app, origin)) {
      throw forbidden('ORIGIN_NOT_ALLOWED', 'This site is not allowed to use these comments.');
    }
  }

  /** Preflight: an origin any app (or this server) allows. */
  async function isKnownOrigin(origin: string): Promise<boolean> {
    if (ownOrigins.has(origin)) return true;
    if (!allOrigins || Date.now() - allOrigins.at > APP_CACHE_MS) {
      const rows = await repo.listApps(db);
      allOrigins = { set: new Set(rows.flatMap(originsOf)), at: Date.now() };
    }
    return allOrigins.set.has(origin);
  }

  /**
   * The comment user behind `auth`, upserted from the token's claims. A verified token's user is reused for up to
   * AUTH_CACHE_MS (never past the token's expiry), so a burst of calls costs one upsert, not one each.
   */
  /** Sign-ins arriving together are looked up in one query per app. */
  const loadUser = createBatcher<{ appId: string; externalId: string }, repo.UserWithRole | null>(async (items) => {
    const byApp = new Map<string, Set<string>>();
    for (const it of items) byApp.set(it.appId, (byApp.get(it.appId) ?? new Set()).add(it.externalId));
    const found = new Map<string, repo.UserWithRole>();
    for (const [appId, ids] of byApp) {
      for (const u of await repo.findUsersWithRole(db, appId, [...ids], mainAppId)) found.set(`${appId}\n${u.externalId}`, u);
    }
    return items.map((it) => found.get(`${it.appId}\n${it.externalId}`) ?? null);
  });

  async function authenticate(app: AppRow, token: string | undefined, required: boolean): Promise<Viewer | null> {
    if (!token) {
      if (required) throw unauthorized('AUTH_REQUIRED', 'You must be logged in');
      return null;
    }
    const key = `${app.id}\n${token}`;
    const now = Date.now();
    const cached = viewers.get(key);
    // A session that ended in this process (or on another instance, told through the bus) raised the epoch.
    if (cached && cached.until > now && cached.epoch === sessionEndEpoch(db)) return cached.viewer;
    const epoch = sessionEndEpoch(db);
    const claims = await verifyAuthToken(token, app.id, app.secret);
    // The main site's tokens live as long as the session they were issued in (accounts commentAuth's `sid`).
    if (app.id === mainAppId && claims.sid !== null && !(await isSessionTagLive(db, claims.sub, claims.sid))) {
      throw unauthorized('AUTH_EXPIRED', SESSION_ENDED);
    }
    // Read first: a returning user whose claims did not change (and who was active within the hour) costs no write.
    let found = await loadUser({ appId: app.id, externalId: claims.sub });
    // A new user may be an imported author (same id or e-mail): they take that user over (transfer/claim.ts), and
    // the upsert below then gives it the token's name and avatar.
    if (!found) await claimImportedUser(db, app.id, claims.sub, claims.email);
    if (
      !found ||
      found.displayName !== claims.name ||
      found.avatarUrl !== claims.avatar ||
      found.profileUrl !== claims.profileUrl ||
      now - found.activeAt.getTime() > ACTIVE_REFRESH_MS
    ) {
      found = await repo.upsertUser(db, {
        appId: app.id,
        externalId: claims.sub,
        userId: newId(),
        displayName: claims.name,
        avatarUrl: claims.avatar,
        profileUrl: claims.profileUrl,
      }, mainAppId);
    }
    // Email notifications: an app user's address is the one their host signs (the main app's members use their account's).
    const claimedEmail = app.id === mainAppId ? '' : emailClaimOf(token);
    if (app.id !== mainAppId && hooks.appUserEmail && claimedEmail !== (found.email ?? '')) {
      await hooks.appUserEmail(found.id, claimedEmail).catch(() => undefined);
    }
    const { moderator, mainUser, ...user } = found;
    // Every token the site hands a member carries its session; one without is no member's (only the app's secret signs).
    if (app.id === mainAppId && mainUser && claims.sid === null) throw unauthorized('AUTH_EXPIRED', SESSION_ENDED);
    const viewer: Viewer = { user, moderator, mainUser, claims: { sub: claims.sub, exp: claims.exp } };
    viewers.set(key, { viewer, until: Math.min(now + AUTH_CACHE_MS, claims.exp * 1000), epoch });
    return viewer;
  }

  function requireActive(viewer: Viewer | null): Viewer {
    if (!viewer) throw unauthorized('AUTH_REQUIRED', 'You must be logged in');
    if (viewer.user.bannedAt) throw forbidden('USER_BANNED', 'You are banned from commenting here.');
    return viewer;
  }

  /**
   * comments.md §5-6: a locked section blocks everyone but moderators. Its status is ours to define (the spec names
   * none): 'open' takes part; any other ('closed', 'archived', the widget's choices) is closed the same way, with its
   * own code. Both refuse new comments, replies and votes; reading, reporting and deleting one's own stay.
   */
  function assertSectionOpen(section: SectionRow, viewer: Viewer): void {
    if (viewer.moderator) return;
    if (section.locked) throw forbidden('SECTION_LOCKED', 'Comments are locked on this post.');
    if (section.status !== 'open') throw forbidden('SECTION_CLOSED', 'Comments are closed on this post.');
  }

  function requireModerator(viewer: Viewer | null): Viewer {
    const v = requireActive(viewer);
    if (!v.moderator) throw forbidden('NOT_MODERATOR', 'Only moderators can do this.');
    return v;
  }

  async function viewerFilter(app: AppRow, viewer: Viewer | null, url: string): Promise<ViewerFilter> {
    if (!viewer) return repo.visitorFilter;
    const key = `${viewer.user.id}\n${viewer.moderator}\n${productPostId(app.id, url) ?? ''}`;
    const hit = filters.get(key);
    if (hit && Date.now() - hit.at < FILTER_CACHE_MS) return hit.filter;
    const f: ViewerFilter = { viewerId: viewer.user.id, moderator: viewer.moderator, offensiveMode: false, blockedUserIds: [], hideAnonymousOp: false };
    if (app.id === mainAppId) {
      const main = await repo.mainSiteViewer(db, viewer.user.externalId, productPostId(app.id, url), app.id);
      f.offensiveMode = main.offensiveMode;
      f.blockedUserIds = main.blocked;
      f.hideAnonymousOp = main.postBlocked;
    } else {
      // Other apps' members block each other in the comment service (user-block.json, comment_user_blocks).
      f.blockedUserIds = await repo.blockedUserIds(db, viewer.user.id);
    }
    filters.set(key, { filter: f, at: Date.now() });
    return f;
  }

  // --- sections and comments ------------------------------------------------------------------------------

  async function ensureSection(app: AppRow, url: string): Promise<SectionRow> {
    const cached = await cachedSection(app.id, url);
    if (cached.row) return cached.row;
    return repo.ensureSection(db, app.id, url, async () => {
      const postId = productPostId(app.id, url);
      return postId ? repo.postCreatorUserId(db, postId) : null;
    });
  }

  /** Whether `url` is an anonymous product post of the main app; a post's anonymity never changes, so it is kept. */
  const anonymity = new BoundedCache<boolean>(20_000);
  async function anonymousPost(appId: string, url: string): Promise<boolean> {
    const postId = productPostId(appId, url);
    if (!postId) return false;
    const known = anonymity.get(postId);
    if (known !== undefined) return known;
    const anonymous = await repo.postIsAnonymous(db, postId);
    if (anonymous !== null) anonymity.set(postId, anonymous);
    return anonymous === true;
  }

  /** A comment of this app (and of the section of `url` when given) that the viewer may see; else 404. */
  async function visibleComment(app: AppRow, commentId: string, url: string | undefined, viewer: Viewer | null): Promise<CommentRecord> {
    const c = await repo.findComment(db, commentId);
    if (!c || c.sectionAppId !== app.id || (url !== undefined && c.sectionUrl !== url) || (c.isHidden && !viewer?.moderator)) {
      throw notFound('COMMENT_NOT_FOUND', 'This comment does not exist or was removed.');
    }
    return c;
  }

  const contextFor = (app: AppRow, url: string): PresentContext => ({ app, url, listUrl });

  // --- list -----------------------------------------------------------------------------------------------

  /** The viewer's filter; their id is kept only when they wrote offensive comments here (so pages can be shared). */
  async function effectiveFilter(app: AppRow, viewer: Viewer | null, url: string): Promise<ViewerFilter> {
    const filter = await viewerFilter(app, viewer, url);
    if (!viewer || filter.offensiveMode) return { ...filter, viewerId: null };
    const cached = await cachedSection(app.id, url);
    if (!cached.row) return { ...filter, viewerId: null };
    if (!cached.offensiveAuthors) cached.offensiveAuthors = new Set(await repo.offensiveAuthorIds(db, cached.row.id));
    return { ...filter, viewerId: cached.offensiveAuthors.has(viewer.user.id) ? viewer.user.id : null };
  }

  const list = async (app: AppRow, input: ListInput, viewer: Viewer | null): Promise<CommentPage> =>
    computePage(app, input, await effectiveFilter(app, viewer, input.url));

  async function computePage(app: AppRow, input: ListInput, filter: ViewerFilter): Promise<CommentPage> {
    const cached = await cachedSection(app.id, input.url);
    const section = cached.row;
    const ctx = contextFor(app, input.url);
    const page: CommentPage = {
      url: input.url,
      status: section?.status ?? 'open',
      lock: section?.locked ?? false,
      total: section?.total ?? 0,
      comments: [],
      prev: null,
      next: null,
      refresh: null,
      parent: null,
      level: input.level === 2 ? 2 : 1,
    };
    const cursors = [input.next, input.prev, input.refresh].filter((c) => c !== undefined);
    if (cursors.length > 1) throw badRequest('INVALID_CURSOR', 'Send one of next, prev or refresh.');
    if (input.level === 2 && !input.commentId) throw badRequest('COMMENT_ID_REQUIRED', 'A thread view needs the commentId of its anchor.');
    if (!section) {
      if (input.commentId) throw notFound('COMMENT_NOT_FOUND', 'This comment does not exist or was removed.');
      return page;
    }
    if (input.commentId) return threadPage(app, section, input, filter, page, ctx);

    const scope = String(section.id);
    const count = input.count;
    const hot = input.type === 'hot';
    // Hot pages carry the list's snapshot (cursor.ts); a cursor past its lifetime is read against live scores.
    const live = (c: CursorToken): CursorToken => {
      if (c.a === undefined || Date.now() * 1000 - c.a < SNAPSHOT_TTL_MS * 1000) return c;
      const { a: _expired, ...rest } = c;
      return rest;
    };
    /** A list position: a hot refresh cursor (dir r) holds none. */
    const position = (raw: string): CursorToken => {
      const c = decodeCursor(raw, input.type, scope);
      if (c.dir === 'r') throw badRequest('INVALID_CURSOR', 'Send this cursor as refresh.');
      return c;
    };
    let snapshot: number | undefined;
    const key = (r: CommentRecord): CursorToken => ({
      dir: 'f', sort: input.type, scope, t: r.createdAt.getTime(), id: r.id,
      ...(hot ? { s: r.hotScore } : {}),
      ...(hot && snapshot !== undefined ? { a: snapshot } : {}),
    });
    let rows: CommentRecord[];
    let pinned: CommentRecord[] = [];
    const refreshCur = input.refresh !== undefined && hot ? decodeCursor(input.refresh, 'hot', scope) : null;
    if (refreshCur?.dir === 'r' && refreshCur.a !== undefined) {
      // Hot refresh: what was added since the snapshot, oldest first in batches, shown in hot order.
      const a = refreshCur.a;
      rows = await repo.listHotAddedSince(db, section.id, a, refreshCur.id, count, filter);
      const last = rows[rows.length - 1];
      page.refresh = last ? encodeCursor({ dir: 'r', sort: 'hot', scope, t: last.createdAt.getTime(), id: last.id, a }) : (input.refresh as string);
      rows.sort((x, y) => y.hotScore - x.hotScore || y.id - x.id);
    } else if (input.next) {
      const cur = live(position(input.next));
      snapshot = cur.a;
      rows = await repo.listTopLevel(db, section.id, input.type, cur, true, count + 1, filter);
      const more = rows.length > count;
      rows = rows.slice(0, count);
      page.next = more && rows.length ? encodeCursor(key(rows[rows.length - 1] as CommentRecord)) : null;
      page.prev = rows.length ? encodeCursor({ ...key(rows[0] as CommentRecord), dir: 'b' }) : input.next;
    } else if (input.prev || input.refresh) {
      const cur = live(refreshCur ?? position((input.prev ?? input.refresh) as string));
      snapshot = cur.a;
      rows = await repo.listTopLevel(db, section.id, input.type, cur, false, count + 1, filter);
      const more = rows.length > count;
      rows = rows.slice(rows.length - Math.min(rows.length, count));
      page.prev = more && rows.length ? encodeCursor({ ...key(rows[0] as CommentRecord), dir: 'b' }) : null;
      page.next = rows.length ? encodeCursor(key(rows[rows.length - 1] as CommentRecord)) : null;
      // Polling for new comments goes on from the newest one seen (a snapshot's refresh is the first page's).
      page.refresh = snapshot !== undefined ? null : encodeCursor({ ...(rows.length && !more ? key(rows[0] as CommentRecord) : cur), dir: 'b' });
    } else {
      if (cached.hasPinned !== false) {
        pinned = await repo.listPinned(db, section.id, filter);
        // Only a section without any pinned comment (for anyone) skips the query next time.
        if (filter.moderator || pinned.length > 0) cached.hasPinned = pinned.length > 0;
        else if (cached.hasPinned === null) cached.hasPinned = (await repo.pinnedCommentIds(db, section.id)).length > 0;
      }
      rows = await repo.listTopLevel(db, section.id, input.type, null, true, count + 1, filter);
      snapshot = rows[0]?.snapshot;
      const more = rows.length > count;
      rows = rows.slice(0, count);
      page.next = more && rows.length ? encodeCursor(key(rows[rows.length - 1] as CommentRecord)) : null;
      // Hot: refresh fetches what is added after the snapshot (an empty list: everything, from the start). Others: a
      // cursor before the first comment, or before everything when the list is empty.
      page.refresh = encodeCursor(
        hot
          ? { dir: 'r', sort: 'hot', scope, t: 0, id: 0, a: snapshot ?? 0 }
          : rows.length
            ? { ...key(rows[0] as CommentRecord), dir: 'b' }
            : { dir: 'b', sort: input.type, scope, t: input.type === 'old' ? 0 : 8.64e15, id: input.type === 'old' ? 0 : Number.MAX_SAFE_INTEGER },
      );
    }
    page.comments = [...pinned, ...rows].map((r) => presentComment(r, ctx));
    return page;
  }

  /** Thread view (level 2): replies of the anchor's thread, oldest first, around the anchor when it is a reply. */
  async function threadPage(app: AppRow, section: SectionRow, input: ListInput, filter: ViewerFilter, page: CommentPage, ctx: PresentContext): Promise<CommentPage> {
    const anchor = await repo.findComment(db, input.commentId as string);
    if (!anchor || anchor.sectionId !== section.id || (anchor.isHidden && !filter.moderator)) {
      throw notFound('COMMENT_NOT_FOUND', 'This comment does not exist or was removed.');
    }
    const thread = anchor.level === 1 ? anchor : await repo.findCommentById(db, anchor.threadId as number);
    if (!thread) throw notFound('COMMENT_NOT_FOUND', 'This comment does not exist or was removed.');
    const scope = `t${thread.id}`;
    const count = input.count;
    const key = (r: CommentRecord, dir: 'f' | 'b'): string => encodeCursor({ dir, sort: 'thread', scope, t: r.createdAt.getTime(), id: r.id });
    let rows: CommentRecord[];
    let hasBefore = false;
    let hasAfter = false;
    if (input.next || input.refresh) {
      const cur = decodeCursor((input.next ?? input.refresh) as string, 'thread', scope);
      rows = await repo.listReplies(db, thread.id, cur, true, count + 1, filter);
      hasAfter = rows.length > count;
      rows = rows.slice(0, count);
      hasBefore = true;
    } else if (input.prev) {
      const cur = decodeCursor(input.prev, 'thread', scope);
      rows = await repo.listReplies(db, thread.id, cur, false, count + 1, filter);
      hasBefore = rows.length > count;
      rows = rows.slice(rows.length - Math.min(rows.length, count));
      hasAfter = true;
    } else if (anchor.level === 1) {
      rows = await repo.listReplies(db, thread.id, null, true, count + 1, filter);
      hasAfter = rows.length > count;
      rows = rows.slice(0, count);
    } else {
      const at = { t: anchor.createdAt.getTime(), id: anchor.id };
      const half = Math.floor(count / 2);
      const before = await repo.listReplies(db, thread.id, at, false, half + 1, filter);
      hasBefore = before.length > half;
      const kept = before.slice(before.length - Math.min(before.length, half));
      const after = await repo.listReplies(db, thread.id, at, true, count - kept.length + 1, filter, true);
      hasAfter = after.length > count - kept.length;
      rows = [...kept, ...after.slice(0, count - kept.length)];
    }
    const first = rows[0];
    const last = rows[rows.length - 1];
    page.prev = hasBefore && first ? key(first, 'b') : null;
    page.next = hasAfter && last ? key(last, 'f') : null;
    // New replies arrive at the end: refresh goes on from the last one seen (or the start of an empty thread).
    page.refresh = last ? key(last, 'f') : encodeCursor({ dir: 'f', sort: 'thread', scope, t: 0, id: 0 });
    if (!hasAfter && input.next && !last) page.refresh = input.next;
    page.parent = presentComment(thread, ctx);
    page.comments = rows.map((r) => presentComment({ ...r, threadCommentId: thread.commentId }, ctx));
    return page;
  }

  /**
   * A rendered list page, shared by every viewer with the same filter (visitors all share one). Reused by this
   * instance until the section changes here, and for at most VISITOR_CACHE_MS (other instances' changes); the ETag
   * is the body's hash.
   */
  async function renderedPage(app: AppRow, input: ListInput, viewer: Viewer | null): Promise<RenderedPage> {
    const f = await effectiveFilter(app, viewer, input.url);
    const signature = [f.moderator, f.offensiveMode, f.blockedUserIds.join(','), f.hideAnonymousOp, f.viewerId ?? ''].join('|');
    const cacheKey = [app.id, input.url, input.type, input.count, input.commentId ?? '', input.level ?? '', input.next ?? '', input.prev ?? '', input.refresh ?? '', signature].join('\n');
    const version = sectionVersions.get(sectionKey(app.id, input.url)) ?? 0;
    const hit = renderedPages.get(cacheKey);
    const now = Date.now();
    if (hit && hit.version === version && now - hit.at < VISITOR_CACHE_MS) return hit;
    const page = await computePage(app, input, f);
    // Kept as bytes: each answer is then a plain write, not a re-encoding of the JSON text.
    const body = Buffer.from(JSON.stringify({ status: 'OK', payload: page }));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const entry = { body, etag, version, at: now, section: sectionKey(app.id, input.url) };
    renderedPages.set(cacheKey, entry);
    return entry;
  }

  const isFresh = (page: RenderedPage) => page.version === (sectionVersions.get(page.section) ?? 0) && Date.now() - page.at < VISITOR_CACHE_MS;

  /**
   * The visitor answer of a GET url already answered by the full path, while its page is still fresh (same rules as
   * renderedPage: this instance's changes at once, others' within VISITOR_CACHE_MS). Same url, same answer: the url
   * was validated when it was first answered, and a url with `auth` is never kept.
   */
  function visitorAnswer(requestUrl: string): VisitorAnswer | undefined {
    const hit = visitorAnswers.get(requestUrl);
    return hit && isFresh(hit.page) ? hit : undefined;
  }

  function rememberVisitorAnswer(requestUrl: string, app: AppRow, page: RenderedPage): void {
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': `public, max-age=${VISITOR_MAX_AGE_SECONDS}`,
      etag: page.etag,
    };
    visitorAnswers.set(requestUrl, { page, app, headers });
  }

  // --- add comment ----------------------------------------------------------------------------------------

  function quotaOf(app: AppRow, row: { used: number; windowStartedAt: Date } | undefined | null, now: Date): Quota {
    const windowEnd = row ? row.windowStartedAt.getTime() + repo.QUOTA_WINDOW_SECONDS * 1000 : 0;
    if (!row || windowEnd <= now.getTime()) return { count: app.quotaPerHour, wait: 0, expiry: seconds(now) + repo.QUOTA_WINDOW_SECONDS };
    const count = Math.max(app.quotaPerHour - row.used, 0);
    return { count, wait: count === 0 ? Math.ceil((windowEnd - now.getTime()) / 1000) : 0, expiry: Math.floor(windowEnd / 1000) };
  }

  /** `reserved`: a name that is not resolved to anyone (case-insensitive). */
  async function mentions(app: AppRow, text: string, reserved: string | null = null): Promise<{ mapping: Record<string, string>; externalIds: string[] }> {
    const names = [...new Set([...text.matchAll(/(?:^|[^\w@/])@([A-Za-z0-9_][A-Za-z0-9_.-]{0,39})/g)].map((m) => (m[1] as string).replace(/[.-]+$/, '')))]
      .filter((name) => reserved === null || name.toLowerCase() !== reserved.toLowerCase())
      .slice(0, MAX_MENTIONS);
    const mapping: Record<string, string> = {};
    const externalIds: string[] = [];
    if (names.length === 0) return { mapping, externalIds };
    if (app.id === mainAppId) {
      for (const u of await repo.mainUsersByUsername(db, names)) {
        const name = names.find((n) => n.toLowerCase() === u.username.toLowerCase()) as string;
        mapping[name] = `${config.publicUrl}/u/${encodeURIComponent(u.username)}`;
        externalIds.push(u.userId);
      }
    } else {
      for (const u of await repo.appUsersByName(db, app.id, names)) {
        const name = names.find((n) => n.toLowerCase() === u.displayName.toLowerCase());
        if (name && !(name in mapping) && u.profileUrl.includes('/u/')) mapping[name] = u.profileUrl;
      }
    }
    return { mapping, externalIds };
  }

  /** Group commit of new comments (repository.insertCommentsBatch): concurrent posts share one transaction. */
  const writeComment = createBatcher<repo.CommentWrite, repo.WrittenComment>((writes) => repo.insertCommentsBatch(db, writes));

  // --- notifications outbox --------------------------------------------------------------------------------

  let draining: Promise<void> | null = null;
  let drainAgain = false;
  let closed = false;

  const send = (e: CommentEvent & { parentCommentId: string | null }) =>
    options.bus ? notifyCommentAdded(db, options.bus, e) : notifyForComment(db, e);

  /**
   * Sends queued notifications: claims a batch of outbox rows (a lease of OUTBOX_LEASE_SECONDS), sends each, deletes
   * them. At least once: rows of an instance that died mid-way are sent again after the lease (a repeat only updates
   * the recipient's grouped row). Runs after each comment that queued some, and every OUTBOX_SWEEP_MS.
   */
  function drainOutbox(): Promise<void> {
    if (draining) {
      drainAgain = true;
      return draining;
    }
    const run = async () => {
      do {
        drainAgain = false;
        for (;;) {
          const rows = await repo.claimOutbox(db, OUTBOX_BATCH, OUTBOX_LEASE_SECONDS);
          if (rows.length === 0) break;
          for (const row of rows) await send(row.payload as CommentEvent & { parentCommentId: string | null }).catch(() => 0);
          await repo.deleteOutbox(db, rows.map((r) => r.id));
          if (closed) return;
        }
      } while (drainAgain && !closed);
    };
    draining = run()
      .catch(() => undefined)
      .finally(() => {
        draining = null;
      });
    return draining;
  }
  /** The hot-rank log is read only by snapshots younger than SNAPSHOT_TTL_MS (cursor.ts): older rows go now and then. */
  let lastPrune = 0;
  const pruneRankLog = () => {
    if (Date.now() - lastPrune < RANK_LOG_PRUNE_MS) return;
    lastPrune = Date.now();
    void repo.pruneRankChanges(db, new Date(Date.now() - SNAPSHOT_TTL_MS)).catch(() => undefined);
  };
  const sweep = setInterval(() => {
    void drainOutbox();
    if (!closed) pruneRankLog();
  }, OUTBOX_SWEEP_MS);
  sweep.unref();
  setImmediate(() => {
    if (!closed) void drainOutbox();
  });

  async function addComment(app: AppRow, viewerIn: Viewer | null, input: AddInput): Promise<AddCommentResult> {
    const viewer = requireActive(viewerIn);
    const text = normalizeCommentText(input.text);
    if ([...text].length > app.maxMessageLength) {
      throw badRequest('TEXT_TOO_LONG', `A comment can be at most ${app.maxMessageLength} characters long.`);
    }
    if (input.attachments.length > MAX_ATTACHMENTS) throw badRequest('TOO_MANY_ATTACHMENTS', `A comment can carry at most ${MAX_ATTACHMENTS} attachments.`);
    const tokens = [...new Set(input.attachments.map((a) => a.token))];
    const stored = await repo.findMedia(db, app.id, viewer.user.id, tokens);
    if (stored.length !== tokens.length || input.attachments.some((a) => stored.find((s) => s.token === a.token)?.kind !== a.type)) {
      throw badRequest('ATTACHMENT_NOT_FOUND', 'An attachment was not found. Please upload it again.');
    }
    // One upload, one comment: a token is consumed by the first comment that carries it (claimed below).
    if (stored.some((s) => s.commentId !== null)) throw attachmentUsed();
    const media = stored.filter((s) => s.kind === 'userMedia').map((s) => s.item);
    if (media.length > 1) throw badRequest('TOO_MANY_ATTACHMENTS', 'A comment can carry one image or video.');
    const links: LinkPreview[] = stored.filter((s) => s.kind === 'link').map((s) => s.item as LinkPreview);
    if (app.id !== mainAppId) {
      for (const url of detectLinks(text)) {
        if (links.length >= 3) break;
        if (!links.some((l) => l.url === url)) links.push(barePreview(url));
      }
    }
    if (text === '' && media.length === 0 && links.length === 0) throw badRequest('EMPTY_COMMENT', 'Write something or add an attachment.');

    const section = await ensureSection(app, input.url);
    assertSectionOpen(section, viewer);

    let parent: CommentRecord | null = null;
    if (input.parent) {
      parent = await visibleComment(app, input.parent, input.url, viewer);
      if (parent.isDeleted) throw badRequest('PARENT_DELETED', 'This comment was deleted and cannot be replied to.');
    }

    // The uploader of an anonymous post is never shown as its OP under their own name (opStatus 1 is a named OP badge):
    // they comment either as themselves, like anyone, or as the anonymous OP with an opToken (comments.md §6).
    const isOp = section.opExternalId !== null && section.opExternalId === viewer.user.externalId;
    let opStatus = isOp && !(await anonymousPost(app.id, input.url)) ? 1 : 0;
    if (input.opToken) {
      const sub = await verifyOpToken(input.opToken, app.id, app.secret, input.url);
      if (sub !== viewer.user.externalId) throw forbidden('NOT_OP', 'The OP token belongs to another user.');
      if (section.opExternalId !== null && section.opExternalId !== sub) throw forbidden('NOT_OP', 'Only the original poster can comment as OP.');
      if (section.opExternalId === null) await repo.claimSectionOp(db, section.id, sub);
      opStatus = 2;
    }

    let delegate: UserRow | null = null;
    if (input.delegateUserId) {
      // Posting on behalf of someone is a moderator's tool (e.g. moving a comment sent by mail); members cannot.
      if (!viewer.moderator) throw forbidden('DELEGATE_NOT_ALLOWED', 'You cannot post on behalf of another user.');
      delegate = (await repo.findUserByPublicId(db, app.id, input.delegateUserId)) ?? null;
      if (!delegate) throw notFound('DELEGATE_NOT_FOUND', 'The user to post for does not exist.');
      if (delegate.bannedAt) throw forbidden('USER_BANNED', 'That user is banned from commenting here.');
    }

    // comments.md §4: a reply to the anonymous OP starts "@OP". On an anonymous post that name is the anonymous OP, never
    // an account of that name (the demo's `op`): resolving it would link the thread to a profile and notify it.
    const mention = await mentions(app, text, (await anonymousPost(app.id, input.url)) ? ANONYMOUS_OP_NAME : null);
    const now = new Date();
    const commentId = newId();
    const level = parent ? 2 : 1;
    const threadDbId = parent ? (parent.level === 1 ? parent.id : parent.threadId) : null;
    const threadCommentId = parent ? (parent.level === 1 ? parent.commentId : parent.threadCommentId) : null;
    const author = delegate ?? viewer.user;
    // Notifications go out after the reply, from the outbox row written with the comment (durable). Only the main
    // app notifies, and there only a main-site account's comment can (notifyCommentAdded needs the actor's account).
    const event: (CommentEvent & { parentCommentId: string | null }) | null =
      app.id === mainAppId && (viewer.mainUser || !options.bus)
        ? {
            appId: app.id,
            mainAppId,
            sectionUrl: input.url,
            postId: productPostId(app.id, input.url),
            commentId,
            threadId: threadCommentId ?? commentId,
            text,
            actorExternalId: opStatus === 2 ? null : author.externalId,
            actorRealExternalId: viewer.user.externalId,
            actorName: author.displayName,
            parentAuthorExternalId: parent ? (parent.opStatus === 2 ? section.opExternalId : parent.authorExternalId) : null,
            mentionedExternalIds: mention.externalIds,
            parentCommentId: parent?.commentId ?? null,
          }
        : null;
    const key = sectionKey(app.id, input.url);
    if ((await repo.claimMedia(db, app.id, viewer.user.id, tokens, commentId)) < tokens.length) {
      await repo.releaseMedia(db, commentId);
      throw attachmentUsed();
    }
    const written = await writeComment({
      comment: {
        commentId,
        sectionId: section.id,
        userId: viewer.user.id,
        delegateUserId: delegate?.id ?? null,
        parentId: parent?.id ?? null,
        threadId: threadDbId,
        level,
        type: media.length > 0 ? 'userMedia' : 'text',
        text,
        media,
        attachments: links.map((link) => ({ type: 'link', link })),
        mentionMapping: mention.mapping,
        opStatus,
        createdAt: now,
        hotScore: commentHotScore(0, 0, 0, now),
      },
      quotaLimit: app.quotaPerHour,
      outbox: event,
    }).catch(async (error: unknown) => {
      await repo.releaseMedia(db, commentId).catch(() => undefined);
      throw error;
    });
    if (written.id === null || written.used === null || written.windowStartedAt === null) {
      if (tokens.length > 0) await repo.releaseMedia(db, commentId);
      const q = quotaOf(app, await repo.readQuota(db, viewer.user.id), now);
      const h = Math.floor(q.wait / 3600);
      const m = Math.ceil((q.wait % 3600) / 60);
      throw new CommentServiceError(429, 'QUOTA_EXCEEDED', `You have reached your comment limit. Try again in ${h ? `${h}h ` : ''}${m}m.`, { quota: q });
    }
    const id = written.id;
    const total = written.total ?? section.total + 1;
    const quota = quotaOf(app, { used: written.used, windowStartedAt: new Date(written.windowStartedAt) }, now);
    // The cached section row follows this write (its total) when nothing else changed it meanwhile, so the next
    // comment does not read it again; anything else (or another instance, within SECTION_CACHE_MS) re-reads it.
    const cachedEntry = sections.get(key);
    const versionBefore = sectionVersions.get(key) ?? 0;
    touch(app.id, input.url);
    if (cachedEntry?.row && cachedEntry.row.id === section.id && cachedEntry.version === versionBefore) {
      cachedEntry.row = { ...cachedEntry.row, total };
      cachedEntry.version = versionBefore + 1;
    }
    if (event) void drainOutbox();
    syncPostCount(app.id, input.url);

    // The row as just written: no need to read it back.
    const record: CommentRecord = {
      id, commentId, sectionId: section.id, userId: viewer.user.id, level, type: media.length > 0 ? 'userMedia' : 'text', text,
      mediaText: '', media: media as CommentRecord['media'], attachments: links.map((link) => ({ type: 'link', link })),
      mentionMapping: mention.mapping, likeCount: 0, dislikeCount: 0, childrenTotal: 0, hotScore: 0, isPinned: false,
      isDeleted: false, isSensitive: false, isOffensive: false, isHidden: false, isCollapsed: false, opStatus, createdAt: now,
      parentId: parent?.id ?? null, threadId: threadDbId, parentCommentId: parent?.commentId ?? null,
      threadCommentId,
      authorId: author.id, authorUserId: author.userId, authorExternalId: author.externalId, authorDisplayName: author.displayName,
      authorAvatarUrl: author.avatarUrl, authorProfileUrl: author.profileUrl, authorCountry: author.country,
      authorEmojiStatus: author.emojiStatus, authorIsPro: author.isPro, authorIsProPlus: author.isProPlus,
      authorIsVerified: author.isVerified, authorPreferences: author.preferences, authorCreatedAt: author.createdAt,
      authorActiveAt: author.activeAt, sectionAppId: app.id, sectionUrl: input.url,
    };
    const comment = presentComment(record, contextFor(app, input.url));
    await emit(app.id, 'comment.created', { url: input.url, comment });
    // Other apps' members have no in-app notifications: a reply is mailed to the parent's author and to the thread's
    // followers (comment_thread_follows), each at most once, never to the replier.
    if (parent && threadDbId !== null && app.id !== mainAppId && hooks.appReply) {
      await hooks
        .appReply({
          recipientId: parent.authorId, threadId: threadDbId, actorId: author.id, commentId, actorName: author.displayName, text,
          url: `${input.url}#cs_comment_id=${commentId}`,
        })
        .catch(() => undefined);
    }
    // comments.md §4: after a reply the thread is followed when the user's autoFollowThreadReply is on. The service
    // does it (site, frame and npm widget alike) and says so, so the widget shows the follow without a second call.
    let follow: { threadFollowed: boolean; autoFollowed: boolean } | null = null;
    if (parent && threadCommentId && app.id === mainAppId && viewer.mainUser && hooks.followOnReply) {
      // A follow that fails must not fail the comment just posted: the widget then leaves the follow as it was.
      const done = await hooks.followOnReply(viewer.user.externalId, threadCommentId).catch(() => null);
      if (done) follow = { threadFollowed: done.followed, autoFollowed: done.started };
    }
    return { comment, postId: input.url, quota, total, wpTraceId: newId(6), ...follow };
  }

  // --- votes, deletes, reports ----------------------------------------------------------------------------

  async function like(app: AppRow, viewerIn: Viewer | null, commentId: string, value: LikeValue, url: string | undefined) {
    const viewer = requireActive(viewerIn);
    const c = await visibleComment(app, commentId, url, viewer);
    if (c.isDeleted) throw badRequest('COMMENT_DELETED', 'This comment was deleted.');
    const section = (await cachedSection(app.id, c.sectionUrl)).row;
    if (section) assertSectionOpen(section, viewer);
    const counts = await repo.setLike(db, c.id, viewer.user.id, value);
    touch(app.id, c.sectionUrl);
    return { commentId, value, ...counts };
  }

  /** comments.md §4: a comment with replies is kept, marked deleted; one without is removed. Author or moderator. */
  async function deleteComment(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string | undefined) {
    const viewer = requireActive(viewerIn);
    const c = await visibleComment(app, commentId, url, viewer);
    const isAuthor = c.userId === viewer.user.id || c.authorId === viewer.user.id;
    if (!isAuthor && !viewer.moderator) throw forbidden('NOT_AUTHOR', 'You can delete only your own comments.');
    if (c.isDeleted) return { commentId, deleted: true };
    await db.transaction().execute(async (trx) => {
      if (await repo.hasReplies(trx, c)) await repo.markDeleted(trx, c.id);
      else {
        await repo.deleteCommentRow(trx, c.id);
        if (c.level === 2 && c.threadId !== null) {
          await repo.addToChildren(trx, c.threadId, -1);
          // A deleted comment was kept only for its replies: deleted replies left without any go, and a thread of
          // nothing but deleted comments goes whole (it would hold no text, only who wrote what was deleted).
          const pruned = await repo.pruneDeletedReplies(trx, c.threadId);
          if (pruned > 0) await repo.addToChildren(trx, c.threadId, -pruned);
          await repo.deleteThreadIfAllDeleted(trx, c.threadId);
        }
      }
      // A hidden comment already left the total (setHidden).
      if (!c.isHidden) await repo.addToSectionTotal(trx, c.sectionId, -1);
    });
    touch(app.id, c.sectionUrl);
    syncPostCount(app.id, c.sectionUrl);
    await emit(app.id, 'comment.deleted', { url: c.sectionUrl, commentId, by: isAuthor ? 'author' : 'moderator' });
    return { commentId, deleted: true };
  }

  async function report(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string | undefined, data: { reason: number; text: string }) {
    const viewer = requireActive(viewerIn);
    const c = await visibleComment(app, commentId, url, viewer);
    await repo.upsertReport(db, c.id, viewer.user.id, data);
    await emit(app.id, 'comment.reported', { url: c.sectionUrl, commentId, reason: data.reason, text: data.text, reporter: { userId: viewer.user.userId } });
    return { commentId, reported: true };
  }

  // --- user and app ---------------------------------------------------------------------------------------

  async function userState(app: AppRow, viewerIn: Viewer | null, url: string | undefined): Promise<CommentUserState> {
    if (!viewerIn) throw unauthorized('AUTH_REQUIRED', 'You must be logged in');
    const viewer = viewerIn;
    const section = url ? await repo.findSection(db, app.id, url) : undefined;
    const now = new Date();
    const [commented, reported, likes, quotaRow, fresh, blocklist] = await Promise.all([
      repo.commentedUrls(db, viewer.user.id),
      repo.reportedUrls(db, viewer.user.id),
      url && !section ? Promise.resolve({}) : repo.likeMapping(db, viewer.user.id, section?.id ?? null),
      repo.readQuota(db, viewer.user.id),
      repo.findUserById(db, viewer.user.id),
      app.id === mainAppId ? Promise.resolve(null) : repo.blockedUsers(db, viewer.user.id, BLOCKLIST_MAX),
    ]);
    return {
      info: presentUserInfo(fresh ?? viewer.user, viewer.moderator),
      commentedPostUrls: commented,
      reportedPostUrls: reported,
      likeMapping: likes,
      quota: quotaOf(app, quotaRow, now),
      // Other apps' members: whom they blocked here (the main site's blocklist comes from /v1/user-info).
      ...(blocklist ? { blocklist } : {}),
    };
  }

  // --- thread follows and user blocks of app users (issue #18) ------------------------------------------------

  /**
   * The main app's members follow threads and block users in the main site's tables (/v1/follow-thread and
   * /v1/user-block on the site): these calls hand their requests to hooks.mainMembers, so the embed frame, which only
   * speaks to the comment service, offers both. Other apps' members are kept here (comment_thread_follows and
   * comment_user_blocks).
   */
  function mainMembers(app: AppRow, viewer: Viewer): NonNullable<CommentHooks['mainMembers']> | null {
    if (app.id !== mainAppId) return null;
    if (!viewer.mainUser || !hooks.mainMembers) throw badRequest('USE_MAIN_API', 'Members of the main site follow threads and block users through the main API.');
    return hooks.mainMembers;
  }

  /** A thread is a top-level comment of this app that the viewer may see. */
  async function findThread(app: AppRow, threadId: string, viewer: Viewer): Promise<CommentRecord | null> {
    const c = await repo.findComment(db, threadId);
    return c && c.level === 1 && c.sectionAppId === app.id && (!c.isHidden || viewer.moderator) ? c : null;
  }

  async function followStatus(app: AppRow, viewerIn: Viewer | null, threadId: string): Promise<{ threadId: string; followed: boolean }> {
    if (!viewerIn) throw unauthorized('AUTH_REQUIRED', 'You must be logged in');
    const main = mainMembers(app, viewerIn);
    if (main) return { threadId, followed: await main.followStatus(viewerIn.user.externalId, threadId) };
    const thread = await findThread(app, threadId, viewerIn);
    return { threadId, followed: thread ? await repo.isFollowingThread(db, viewerIn.user.id, thread.id) : false };
  }

  /** Following is a member's ability: a banned user may read the status and unfollow, not follow (as the main API). */
  async function followThread(app: AppRow, viewerIn: Viewer | null, threadId: string, follow: boolean): Promise<{ threadId: string; followed: boolean }> {
    if (!viewerIn) throw unauthorized('AUTH_REQUIRED', 'You must be logged in');
    const viewer = follow ? requireActive(viewerIn) : viewerIn;
    const main = mainMembers(app, viewer);
    if (main) return { threadId, followed: await main.follow(viewer.user.externalId, threadId, follow) };
    const thread = await findThread(app, threadId, viewer);
    if (!thread) {
      if (follow) throw notFound('THREAD_NOT_FOUND', 'This comment thread does not exist.');
      return { threadId, followed: false };
    }
    await repo.setFollowingThread(db, viewer.user.id, thread.id, follow);
    return { threadId, followed: follow };
  }

  /**
   * Blocks or unblocks a member of the same app by accountId (the host's user id, the wire `accountId`): the blocker's
   * lists leave out the blocked member's comments (anonymous OP comments excepted, as on the main site). Blocking only
   * changes what the blocker sees, so a banned member may do it too.
   */
  async function blockUser(app: AppRow, viewerIn: Viewer | null, accountId: string, blocked: boolean): Promise<{ accountId: string; blocked: boolean }> {
    if (!viewerIn) throw unauthorized('AUTH_REQUIRED', 'You must be logged in');
    if (accountId === viewerIn.user.externalId) throw badRequest('CANNOT_BLOCK_SELF', 'You cannot block yourself.');
    const main = mainMembers(app, viewerIn);
    if (main) {
      await main.block(viewerIn.user.externalId, accountId, blocked);
      // The main viewer's filter is cached per post too: drop them all (a rare act), so lists follow at once.
      filters.clear();
      return { accountId, blocked };
    }
    const target = await repo.findUserByExternalId(db, app.id, accountId);
    if (!target) {
      if (blocked) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
      return { accountId, blocked: false };
    }
    await repo.setUserBlock(db, viewerIn.user.id, target.id, blocked);
    // The viewer's filter is cached per moderator flag (other apps have no post part): read it again at once.
    for (const moderator of [true, false]) filters.delete(`${viewerIn.user.id}\n${moderator}\n`);
    return { accountId, blocked };
  }

  const appInfo = (app: AppRow, viewer: Viewer | null): CommentAppInfo => ({
    appId: app.id,
    name: app.name,
    auth: viewer !== null,
    cdnHost: app.cdnHost,
    host: app.host || config.commentsPublicUrl,
    maxMessageLength: app.maxMessageLength,
    anonymousAvatarUrl: app.anonymousAvatarUrl,
  });

  // --- OP and moderators ----------------------------------------------------------------------------------

  async function setPinned(app: AppRow, c: CommentRecord, pinned: boolean): Promise<string[]> {
    if (c.level !== 1) throw badRequest('PIN_LEVEL', 'Only top-level comments can be pinned.');
    if (pinned && c.isDeleted) throw badRequest('COMMENT_DELETED', 'This comment was deleted.');
    const current = await repo.pinnedCommentIds(db, c.sectionId);
    if (pinned && !c.isPinned && current.length >= MAX_PINNED) throw badRequest('PIN_LIMIT', `At most ${MAX_PINNED} comments can be pinned.`);
    if (c.isPinned !== pinned) await repo.setCommentFlags(db, c.id, { isPinned: pinned });
    touch(app.id, c.sectionUrl);
    return repo.pinnedCommentIds(db, c.sectionId);
  }

  async function requireOp(app: AppRow, viewerIn: Viewer | null, url: string): Promise<Viewer> {
    const viewer = requireActive(viewerIn);
    const section = await repo.findSection(db, app.id, url);
    if (!section || section.opExternalId === null || section.opExternalId !== viewer.user.externalId) {
      throw forbidden('NOT_OP', 'Only the original poster can do this.');
    }
    return viewer;
  }

  async function opPin(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string, pinned: boolean) {
    const viewer = await requireOp(app, viewerIn, url);
    return { pinned: await setPinned(app, await visibleComment(app, commentId, url, viewer), pinned) };
  }

  async function opHide(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string) {
    const viewer = await requireOp(app, viewerIn, url);
    const c = await visibleComment(app, commentId, url, viewer);
    await setHidden(c, true);
    touch(app.id, url);
    syncPostCount(app.id, url);
    if (!c.isHidden) await emit(app.id, 'comment.hidden', { url, commentId, by: 'op' });
    return { commentId, hidden: true };
  }

  async function adminFlag(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string, flags: { isHidden?: boolean; isSensitive?: boolean }) {
    const viewer = requireModerator(viewerIn);
    const c = await visibleComment(app, commentId, url, viewer);
    const { isHidden, ...others } = flags;
    if (others.isSensitive !== undefined) await repo.setCommentFlags(db, c.id, others);
    if (isHidden !== undefined) await setHidden(c, isHidden);
    touch(app.id, url);
    if (isHidden !== undefined) syncPostCount(app.id, url);
    if (isHidden === true && !c.isHidden) await emit(app.id, 'comment.hidden', { url, commentId, by: 'moderator' });
    return { commentId, hidden: flags.isHidden ?? c.isHidden, sensitive: flags.isSensitive ?? c.isSensitive, pinned: c.isPinned, banned: false };
  }

  async function adminPin(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string, pinned: boolean) {
    const viewer = requireModerator(viewerIn);
    return { pinned: await setPinned(app, await visibleComment(app, commentId, url, viewer), pinned) };
  }

  async function adminBan(app: AppRow, viewerIn: Viewer | null, userId: string, banned: boolean) {
    const viewer = requireModerator(viewerIn);
    const target = await repo.findUserByPublicId(db, app.id, userId);
    if (!target) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
    if (target.id === viewer.user.id) throw badRequest('CANNOT_BAN_SELF', 'You cannot ban yourself.');
    if (banned && (await repo.isModerator(db, app.id, target.externalId))) throw forbidden('CANNOT_BAN_MODERATOR', 'Moderators cannot be banned.');
    await repo.setBanned(db, target.id, banned ? new Date() : null);
    if (banned && !target.bannedAt) {
      await emit(app.id, 'user.banned', { user: { userId: target.userId, accountId: target.externalId, displayName: target.displayName }, by: { userId: viewer.user.userId } });
    }
    // Cached viewers carry the ban state: drop them so it applies at once on this instance.
    viewers.clear();
    return { userId, banned };
  }

  async function adminUpdate(app: AppRow, viewerIn: Viewer | null, url: string, update: { locked?: boolean; status?: string }) {
    requireModerator(viewerIn);
    if (update.locked === undefined && update.status === undefined) throw badRequest('NOTHING_TO_UPDATE', 'Send lock or status.');
    const section = await ensureSection(app, url);
    await repo.updateSection(db, section.id, update);
    touch(app.id, url);
    const after = (await repo.findSection(db, app.id, url)) as SectionRow;
    return { url, lock: after.locked, status: after.status };
  }

  async function storeAttachment(app: AppRow, viewer: Viewer, attachment: { kind: 'userMedia'; item: unknown; token: string } | { kind: 'link'; item: LinkPreview; token: string }): Promise<Attachment> {
    await repo.insertMedia(db, { token: attachment.token, appId: app.id, userId: viewer.user.id, kind: attachment.kind, item: attachment.item });
    return attachment.kind === 'link'
      ? { type: 'link', token: attachment.token, link: attachment.item }
      : { type: 'userMedia', token: attachment.token, media: attachment.item as Comment['media'][number] };
  }

  return {
    mainAppId,
    getApp,
    isAllowedOrigin,
    isKnownOrigin,
    assertOrigin,
    authenticate,
    requireActive,
    list,
    renderedPage,
    visitorAnswer,
    rememberVisitorAnswer,
    addComment,
    like,
    deleteComment,
    report,
    userState,
    followStatus,
    followThread,
    blockUser,
    appInfo,
    opPin,
    opHide,
    adminFlag,
    adminPin,
    adminBan,
    adminUpdate,
    storeAttachment,
    newToken: () => newId(12),
    mediaBaseUrl: () => config.commentsPublicUrl,
    /** Sends what the outbox holds now (tests, shutdown). */
    drainOutbox,
    /** Stops the outbox sweep; waits for pending comment writes and a running drain. */
    async close(): Promise<void> {
      clearInterval(sweep);
      await writeComment.idle();
      closed = true;
      await draining;
      await Promise.all([...postCounts.values()].map((p) => p.done));
    },
    /** Forget cached apps and viewers (after the CLI or a test changes them). */
    forget(): void {
      apps.clear();
      viewers.clear();
      renderedPages.clear();
      visitorAnswers.clear();
      allOrigins = null;
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;

/** For other modules (thread follows): is `commentId` a top-level comment of the main app? */
export async function isMainAppThread(db: Database, commentId: string, mainAppId = MAIN_APP_ID): Promise<boolean> {
  const c = await repo.findComment(db, commentId);
  return c !== undefined && c.level === 1 && c.sectionAppId === mainAppId;
}

/** For other modules (thread follows): is this main-site account (its users.user_id) banned from the main app's comments? */
export const isBannedFromMainApp = (db: Database, mainExternalId: string, mainAppId = MAIN_APP_ID): Promise<boolean> =>
  repo.isExternalUserBanned(db, mainAppId, mainExternalId);

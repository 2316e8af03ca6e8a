import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { authorCommentsPage, authorLikesPage } from '../comments/index.js';
import { preferencesOf, proSettings, isActivePro } from './pro.js';
import * as repo from './repository.js';
import type { UserRow } from './repository.js';
import { profileUrl } from './current-user.js';
import { MAIN_COMMENT_APP } from './service.js';

/**
 * GET /v1/account-export (issue #25, data portability): a member's own data as one JSON file, written piece by piece
 * so a large account is never held in memory whole: profile and settings first, then each list read in pages of
 * EXPORT_PAGE rows by key (never by offset). Nothing secret goes out: no password hash, provider subject ids, session
 * or token ids, email hash, referral code or internal row ids; only rows the member wrote or chose.
 */
export const EXPORT_PAGE = 500;
/** Exports per account per hour. */
export const EXPORTS_PER_HOUR = 5;
export const EXPORT_FORMAT = 'guffaw-account-export/1';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The file name: guffaw-{username}-{YYYY-MM-DD}.json (the username kept to safe characters). */
export const exportFileName = (user: Pick<UserRow, 'username'>, now = new Date()) =>
  `guffaw-${user.username.replace(/[^A-Za-z0-9_-]/g, '_')}-${now.toISOString().slice(0, 10)}.json`;

export function profileOf(config: Config, user: UserRow) {
  return {
    userId: user.userId,
    username: user.username,
    fullName: user.fullName,
    email: user.email,
    pendingEmail: user.pendingEmail,
    emailVerified: user.emailVerified,
    ageVerified: user.ageVerified,
    about: user.about,
    country: user.country,
    location: user.location,
    gender: user.gender,
    birthday: user.birthday ? user.birthday.toISOString().slice(0, 10) : null,
    avatarUrl: user.avatarUrl,
    emojiStatus: user.emojiStatus,
    profileUrl: profileUrl(config, user),
    createdAt: iso(user.createdAt),
    activeAt: iso(user.activeAt),
    membership: { isActivePro: isActivePro(user), tier: user.tier, proExpiresAt: iso(user.proExpiresAt), purchasedAt: iso(user.membershipPurchaseAt) },
    signIn: { hasPassword: user.passwordHash !== null, google: user.googleSub !== null, facebook: user.facebookSub !== null, apple: user.appleSub !== null },
  };
}

async function settingsOf(db: Database, user: UserRow) {
  const prefs = preferencesOf(user);
  const [muteWords, blockedTags, followed] = await Promise.all([repo.listMuteWords(db, user.id), repo.listBlockedTags(db, user.id), repo.listFollowedPages(db, user.id)]);
  return {
    safeMode: user.safeMode,
    nsfwMode: user.nsfwMode,
    offensiveMode: user.offensiveMode,
    darkMode: user.darkMode,
    autoFollowThreadReply: user.autoFollowThreadReply,
    idOptOut: user.idOptOut,
    subscribeNews: user.subscribeNews,
    hideFromRobots: prefs.hideFromRobots === true,
    proSettings: proSettings(user),
    blockedWords: muteWords,
    blockedTags,
    followedTags: followed.filter((f) => f.kind === 'tag').map((f) => ({ key: f.key, since: iso(f.updatedAt) })),
    followedInterests: followed.filter((f) => f.kind === 'interest').map((f) => ({ key: f.key, name: f.name, since: iso(f.updatedAt) })),
  };
}

type Page<T> = { rows: T[]; next: unknown };

/** Writes `"name":[...]` from pages until one comes back short. */
async function* list<T>(name: string, first: unknown, read: (after: unknown) => Promise<Page<T>>): AsyncGenerator<string> {
  yield `,\n${JSON.stringify(name)}:[`;
  let after = first;
  let n = 0;
  for (;;) {
    const page = await read(after);
    for (const row of page.rows) yield `${n++ ? ',' : ''}\n${JSON.stringify(row)}`;
    if (page.rows.length < EXPORT_PAGE) break;
    after = page.next;
  }
  yield ']';
}

export async function* accountExport(db: Database, config: Config, user: UserRow, now = new Date()): AsyncGenerator<string> {
  const head = { format: EXPORT_FORMAT, exportedAt: now.toISOString(), site: config.publicUrl, profile: profileOf(config, user), settings: await settingsOf(db, user) };
  yield JSON.stringify(head).slice(0, -1);
  const postLink = (id: string, type: string) => (type === 'CollectionPage' ? `${config.publicUrl}/collection/${id}` : `${config.publicUrl}/gag/${id}`);

  // Keyed by id alone: a timestamp read back into JavaScript loses its microseconds, so it cannot key a page exactly.
  yield* list('posts', null, async (after) => {
    let q = db
      .selectFrom('posts')
      .select(['id', 'title', 'description', 'type', 'status', 'isAnonymous', 'nsfw', 'createdAt', 'upVoteCount', 'downVoteCount', 'commentsCount'])
      .where('creatorId', '=', user.id)
      .orderBy('id')
      .limit(EXPORT_PAGE);
    if (after) q = q.where('id', '>', after as string);
    const rows = await q.execute();
    const tags = new Map<string, string[]>();
    if (rows.length) {
      const tagRows = await db
        .selectFrom('postTags')
        .innerJoin('tags', 'tags.id', 'postTags.tagId')
        .select(['postTags.postId', 'tags.key'])
        .where('postTags.postId', 'in', rows.map((r) => r.id))
        .orderBy('postTags.position')
        .execute();
      for (const t of tagRows) tags.set(t.postId, [...(tags.get(t.postId) ?? []), t.key]);
    }
    const last = rows.at(-1);
    return {
      rows: rows.map((r) => ({
        id: r.id, title: r.title, description: r.description, type: r.type, url: postLink(r.id, r.type), status: r.status, isAnonymous: r.isAnonymous,
        nsfw: r.nsfw, createdAt: iso(r.createdAt), tags: tags.get(r.id) ?? [], upVoteCount: r.upVoteCount, downVoteCount: r.downVoteCount, commentsCount: r.commentsCount,
      })),
      next: last?.id ?? null,
    };
  });

  yield* list('comments', 0, async (after) => {
    const page = await authorCommentsPage(db, MAIN_COMMENT_APP, user.userId, after as number, EXPORT_PAGE);
    return {
      rows: page.rows.map((c) => ({
        commentId: c.commentId, url: c.url, text: c.text, level: c.level, parentCommentId: c.parentCommentId, createdAt: iso(c.createdAt),
        isDeleted: c.isDeleted, likeCount: c.likeCount, dislikeCount: c.dislikeCount,
      })),
      next: page.lastId,
    };
  });

  type PostKey = string | null;
  yield* list('postVotes', null, async (after) => {
    let q = db.selectFrom('postVotes').select(['postId', 'value', 'createdAt']).where('userId', '=', user.id).orderBy('postId').limit(EXPORT_PAGE);
    if (after) q = q.where('postId', '>', after as string);
    const rows = await q.execute();
    return { rows: rows.map((r) => ({ postId: r.postId, value: r.value, createdAt: iso(r.createdAt) })), next: (rows.at(-1)?.postId ?? null) as PostKey };
  });

  yield* list('commentLikes', 0, async (after) => {
    const page = await authorLikesPage(db, MAIN_COMMENT_APP, user.userId, after as number, EXPORT_PAGE);
    return { rows: page.rows.map((l) => ({ commentId: l.commentId, url: l.url, value: l.value, createdAt: iso(l.createdAt) })), next: page.lastId };
  });

  yield* list('savedPosts', null, async (after) => {
    let q = db.selectFrom('postSaves').select(['postId', 'createdAt']).where('userId', '=', user.id).orderBy('postId').limit(EXPORT_PAGE);
    if (after) q = q.where('postId', '>', after as string);
    const rows = await q.execute();
    return { rows: rows.map((r) => ({ postId: r.postId, createdAt: iso(r.createdAt) })), next: rows.at(-1)?.postId ?? null };
  });

  yield* list('blockedUsers', 0, async (after) => {
    const rows = await db
      .selectFrom('userBlocks')
      .innerJoin('users', 'users.id', 'userBlocks.blockedUserId')
      .select(['users.id', 'users.username', 'userBlocks.createdAt'])
      .where('userBlocks.userId', '=', user.id)
      .where('users.id', '>', after as number)
      .orderBy('users.id')
      .limit(EXPORT_PAGE)
      .execute();
    return { rows: rows.map((r) => ({ username: r.username, since: iso(r.createdAt) })), next: rows.length ? Number(rows.at(-1)!.id) : after };
  });

  yield* list('followedThreads', null, async (after) => {
    let q = db.selectFrom('threadFollows').select(['threadId', 'followed', 'updatedAt']).where('userId', '=', user.id).orderBy('threadId').limit(EXPORT_PAGE);
    if (after) q = q.where('threadId', '>', after as string);
    const rows = await q.execute();
    return { rows: rows.map((r) => ({ threadId: r.threadId, following: r.followed, updatedAt: iso(r.updatedAt) })), next: rows.at(-1)?.threadId ?? null };
  });

  yield '\n}\n';
}

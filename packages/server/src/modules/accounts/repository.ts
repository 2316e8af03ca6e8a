import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Json, Users } from '../../db/schema.js';
import { sessionsChanged } from '../../lib/session.js';

export type UserRow = Selectable<Users>;
export type Provider = 'google' | 'facebook' | 'apple';
export type TokenKind = 'verify' | 'reset';

const SUB_COLUMN = { google: 'googleSub', facebook: 'facebookSub', apple: 'appleSub' } as const;

export const findUserById = (db: Database, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).where('deletedAt', 'is', null).executeTakeFirst();

export const findUserByPublicId = (db: Database, userId: string) =>
  db.selectFrom('users').selectAll().where('userId', '=', userId).where('deletedAt', 'is', null).executeTakeFirst();

export const findUserByUsername = (db: Database, username: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .where('deletedAt', 'is', null)
    .executeTakeFirst();

export const findUserByEmailHash = (db: Database, hash: string) =>
  db.selectFrom('users').selectAll().where('emailHash', '=', hash).where('deletedAt', 'is', null).executeTakeFirst();

export const findUserBySub = (db: Database, provider: Provider, sub: string) =>
  db.selectFrom('users').selectAll().where(SUB_COLUMN[provider], '=', sub).where('deletedAt', 'is', null).executeTakeFirst();

export async function usernameTaken(db: Database, username: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

export type NewUser = {
  userId: string;
  hashId: string;
  username: string;
  fullName: string;
  email: string | null;
  emailHash: string | null;
  passwordHash: string | null;
  emailVerified: boolean;
  avatarUrl?: string;
  sub?: { provider: Provider; value: string };
};

export async function insertUser(db: Database, user: NewUser): Promise<UserRow> {
  const { sub, avatarUrl, ...rest } = user;
  return db
    .insertInto('users')
    .values({ ...rest, avatarUrl: avatarUrl ?? '', ...(sub ? { [SUB_COLUMN[sub.provider]]: sub.value } : {}) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type UserUpdate = Partial<
  Pick<
    UserRow,
    | 'fullName' | 'about' | 'country' | 'gender' | 'birthday' | 'safeMode' | 'nsfwMode' | 'offensiveMode' | 'ageVerified'
    | 'initialFollowFinished' | 'passwordHash' | 'pendingEmail' | 'email' | 'emailHash' | 'emailVerified' | 'avatarUrl'
    | 'googleSub' | 'facebookSub' | 'appleSub' | 'darkMode' | 'idOptOut' | 'autoFollowThreadReply'
  >
>;

/** `preferences` keys are merged into the stored JSON (jsonb `||`), so a save never drops keys it did not send. */
export async function updateUser(db: Database, id: number, changes: UserUpdate, preferences: Record<string, boolean> = {}): Promise<void> {
  const merge = Object.keys(preferences).length > 0 ? { preferences: sql<Json>`preferences || ${JSON.stringify(preferences)}::jsonb` } : {};
  if (Object.keys(changes).length === 0 && !merge.preferences) return;
  await db.updateTable('users').set({ ...changes, ...merge }).where('id', '=', id).execute();
  sessionsChanged(db);
}

export const touchUser = (db: Database, id: number) => db.updateTable('users').set({ activeAt: new Date() }).where('id', '=', id).execute();

export async function setProviderSub(db: Database, id: number, provider: Provider, sub: string | null): Promise<void> {
  await db.updateTable('users').set({ [SUB_COLUMN[provider]]: sub }).where('id', '=', id).execute();
}

/**
 * Account deletion: the row goes, and with it (ON DELETE CASCADE) sessions, tokens, votes, saves, blocks, mutes,
 * follows, reports and balances; posts keep existing without a creator. What the account wrote is removed or
 * anonymised first (delete-account.ts deleteAccount).
 */
export async function deleteUser(db: Database, user: UserRow): Promise<void> {
  await db.deleteFrom('users').where('id', '=', user.id).execute();
  sessionsChanged(db);
}

/** Ids of the account's live posts, at most `limit`. */
export async function livePostIds(db: Database, id: number, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('posts').select('id').where('creatorId', '=', id).where('status', '=', 'live').orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

// --- email tokens (only their sha256 is stored) ---------------------------------------------------------------

export async function insertEmailToken(db: Database, t: { tokenHash: string; userId: number; kind: TokenKind; email: string; expiresAt: Date }) {
  await db.insertInto('emailTokens').values(t).execute();
}

export const findEmailToken = (db: Database, tokenHash: string, kind: TokenKind) =>
  db.selectFrom('emailTokens').selectAll().where('tokenHash', '=', tokenHash).where('kind', '=', kind).executeTakeFirst();

/** Marks a token used; false when it was already used (two concurrent clicks: only one wins). */
export async function consumeEmailToken(db: Database, tokenHash: string): Promise<boolean> {
  const row = await db
    .updateTable('emailTokens')
    .set({ usedAt: new Date() })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .returning('tokenHash')
    .executeTakeFirst();
  return row !== undefined;
}

/** Earlier unused tokens of the same kind stop working when a new one is mailed. */
export async function retireEmailTokens(db: Database, userId: number, kind: TokenKind): Promise<void> {
  await db.updateTable('emailTokens').set({ usedAt: new Date() }).where('userId', '=', userId).where('kind', '=', kind).where('usedAt', 'is', null).execute();
}

// --- user-info collections ------------------------------------------------------------------------------------

/** The most recent entries only: the client keeps these maps in memory and local storage. */
export const USER_INFO_LIMIT = 1000;

export async function loadUserCollections(db: Database, id: number) {
  const [votes, saves, uploads, reports, blockPosts, muteList, blockTags, blocklist] = await Promise.all([
    db.selectFrom('postVotes').select(['postId', 'value']).where('userId', '=', id).orderBy('createdAt', 'desc').limit(USER_INFO_LIMIT).execute(),
    db.selectFrom('postSaves').select('postId').where('userId', '=', id).orderBy('createdAt', 'desc').limit(USER_INFO_LIMIT).execute(),
    db.selectFrom('posts').select('id').where('creatorId', '=', id).orderBy('createdAt', 'desc').limit(USER_INFO_LIMIT).execute(),
    db.selectFrom('reports').select('postId').where('reporterId', '=', id).where('postId', 'is not', null).orderBy('createdAt', 'desc').limit(USER_INFO_LIMIT).execute(),
    db.selectFrom('postBlocks').select(['postId', 'type']).where('userId', '=', id).orderBy('createdAt', 'desc').limit(USER_INFO_LIMIT).execute(),
    listMuteWords(db, id),
    listBlockedTags(db, id),
    db
      .selectFrom('userBlocks')
      .innerJoin('users', 'users.id', 'userBlocks.blockedUserId')
      .select('users.userId')
      .where('userBlocks.userId', '=', id)
      .orderBy('userBlocks.createdAt', 'desc')
      .limit(USER_INFO_LIMIT)
      .execute(),
  ]);
  return {
    // post_votes.value is -1 or 1 (the table's check).
    votes: Object.fromEntries(votes.map((v) => [v.postId, v.value as -1 | 0 | 1])),
    saves: saves.map((s) => s.postId),
    uploads: uploads.map((u) => u.id),
    reports: reports.map((r) => r.postId as string),
    // One type per post: where a member holds both blocks, the post block (it hides the post, comments and all) wins.
    blockPosts: Object.fromEntries(blockPosts.map((b) => [b.postId, b.type]).sort(([, a], [, b]) => Number(a === 'post') - Number(b === 'post'))),
    muteList,
    blockTags,
    blocklistIds: blocklist.map((b) => b.userId),
  };
}

export const commentAppSecret = async (db: Database, appId: string) =>
  (await db.selectFrom('commentApps').select('secret').where('id', '=', appId).executeTakeFirst())?.secret ?? null;

// --- blocks ---------------------------------------------------------------------------------------------------

export async function listBlockedUsers(db: Database, id: number, fromIndex: number, count: number) {
  return db
    .selectFrom('userBlocks')
    .innerJoin('users', 'users.id', 'userBlocks.blockedUserId')
    .select(['users.userId', 'users.username', 'users.fullName', 'users.avatarUrl'])
    .where('userBlocks.userId', '=', id)
    .orderBy('userBlocks.createdAt', 'desc')
    .orderBy('users.id', 'desc')
    .offset(fromIndex)
    .limit(count)
    .execute();
}

// Blocks change what the member's lists leave out: the lists' kept rows of the member are read again (session epoch).
export async function blockUser(db: Database, id: number, blockedId: number): Promise<void> {
  await db.insertInto('userBlocks').values({ userId: id, blockedUserId: blockedId }).onConflict((oc) => oc.doNothing()).execute();
  sessionsChanged(db);
}

export async function unblockUser(db: Database, id: number, blockedId: number): Promise<void> {
  await db.deleteFrom('userBlocks').where('userId', '=', id).where('blockedUserId', '=', blockedId).execute();
  sessionsChanged(db);
}

// --- mute words and blocked tags ------------------------------------------------------------------------------

export type WordTable = 'muteWords' | 'blockedTags';

const listWords = async (db: Database, table: WordTable, id: number) =>
  (await db.selectFrom(table).select('value').where('userId', '=', id).orderBy('createdAt').orderBy('value').execute()).map((r) => r.value);

export const listMuteWords = (db: Database, id: number) => listWords(db, 'muteWords', id);
export const listBlockedTags = (db: Database, id: number) => listWords(db, 'blockedTags', id);
export const wordList = listWords;

export async function addWords(db: Database, table: WordTable, id: number, values: string[]): Promise<void> {
  if (values.length === 0) return;
  await db
    .insertInto(table)
    // Distinct times keep the list in the order the words were typed.
    .values(values.map((value, i) => ({ userId: id, value, createdAt: new Date(Date.now() + i) })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  sessionsChanged(db);
}

export async function removeWords(db: Database, table: WordTable, id: number, values: string[]): Promise<void> {
  if (values.length === 0) return;
  await db.deleteFrom(table).where('userId', '=', id).where('value', 'in', values).execute();
  sessionsChanged(db);
}

// --- followed tags and interests ------------------------------------------------------------------------------

export async function listFollowedPages(db: Database, id: number) {
  return db
    .selectFrom('followedPages')
    .leftJoin('interests', (join) => join.onRef('interests.key', '=', 'followedPages.key').on('followedPages.kind', '=', 'interest'))
    .select(['followedPages.kind', 'followedPages.key', 'followedPages.updatedAt', 'followedPages.notification', 'interests.name'])
    .where('followedPages.userId', '=', id)
    .orderBy('followedPages.updatedAt', 'desc')
    .execute();
}

export const countFollowedPages = async (db: Database, id: number) =>
  Number((await db.selectFrom('followedPages').select((eb) => eb.fn.countAll().as('n')).where('userId', '=', id).executeTakeFirstOrThrow()).n);

export const findInterest = (db: Database, key: string) => db.selectFrom('interests').select(['key', 'name']).where('key', '=', key).executeTakeFirst();

export async function setFollowedPage(db: Database, id: number, kind: 'tag' | 'interest', key: string, following: boolean): Promise<Date> {
  const now = new Date();
  if (following) {
    await db
      .insertInto('followedPages')
      .values({ userId: id, kind, key, notification: true, updatedAt: now })
      .onConflict((oc) => oc.columns(['userId', 'kind', 'key']).doUpdateSet({ updatedAt: now, notification: true }))
      .execute();
  } else {
    await db.deleteFrom('followedPages').where('userId', '=', id).where('kind', '=', kind).where('key', '=', key).execute();
  }
  // The lists' kept viewer holds the followed pages (For You).
  sessionsChanged(db);
  return now;
}

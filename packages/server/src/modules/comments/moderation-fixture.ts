import { afterAll, beforeAll, expect } from 'vitest';
import type { AppSettings, Comment, CommentPage } from '@guffaw/comments-client';
import type { DatabaseKind } from '../../../test/harness.js';
import { commentServiceOf } from './service/wiring.js';
import { createApp, createCommentsTestApp, createMainUser, createPost, get, makeModerator, post, tokenFor, type CommentsTestApp } from './test-kit.js';

/**
 * The world of the moderation tests (moderation-desk.test.ts, held-comments.test.ts): the main app with the roles
 * of MODERATION.md (`foreign`: a moderator of another app, signed in here as a plain member) and a post.
 */
export type Role = 'visitor' | 'member' | 'author' | 'other' | 'moderator' | 'foreign' | 'banned';
export type Signed = Exclude<Role, 'visitor'>;
export const SIGNED: readonly Signed[] = ['member', 'author', 'other', 'moderator', 'foreign', 'banned'];

export function moderationFixture(kind: DatabaseKind) {
  let t: CommentsTestApp;
  let url: string;
  const tokens = {} as Record<Signed, string>;
  const mainIds = {} as Record<Signed, { id: number; userId: string }>;
  const publicIds = {} as Record<Signed, string>;

  const call = (role: Role, path: string, fields: Record<string, string | number | undefined> = {}) =>
    post(t.app, path, { appId: 'guffaw', auth: role === 'visitor' ? undefined : tokens[role], ...fields });
  const add = async (role: Signed, text: string, extra: Record<string, string> = {}, at = url) => {
    const res = await call(role, 'add-comment.json', { url: at, text, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { comment: res.body.payload.comment as Comment, total: res.body.payload.total as number };
  };
  const list = async (role: Role, fields: Record<string, string | number> = {}, at = url): Promise<CommentPage> => {
    const res = role === 'visitor' ? await get(t.app, 'comment-list.json', { appId: 'guffaw', url: at, ...fields }) : await call(role, 'comment-list.json', { url: at, ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.payload as unknown as CommentPage;
  };
  const ids = (page: CommentPage) => page.comments.map((c) => c.commentId);
  const row = (commentId: string) => t.db.selectFrom('comments').selectAll().where('commentId', '=', commentId).executeTakeFirstOrThrow();
  const user = (role: Signed) =>
    t.db.selectFrom('commentUsers').selectAll().where('appId', '=', 'guffaw').where('externalId', '=', mainIds[role].userId).executeTakeFirstOrThrow();
  const actions = () => t.db.selectFrom('commentModActions').selectAll().orderBy('id').execute();
  /** The app's settings as the console writes them; the service reads them afresh. */
  const setSettings = async (settings: Partial<AppSettings>) => {
    await t.db.updateTable('commentApps').set({ settings: JSON.stringify(settings) }).where('id', '=', 'guffaw').execute();
    commentServiceOf(t.db)?.forget();
  };
  const newPage = async () => `${t.config.publicUrl}/gag/${await createPost(t.db, mainIds.member.id)}`;

  beforeAll(async () => {
    t = await createCommentsTestApp(kind);
    const main = await createApp(t.db, 'guffaw');
    const elsewhere = await createApp(t.db, 'elsewhere');
    for (const role of SIGNED) {
      mainIds[role] = await createMainUser(t.db, `${role}user`);
      tokens[role] = await tokenFor(main, mainIds[role].userId, role);
    }
    await makeModerator(t.db, 'guffaw', mainIds.moderator.userId);
    await makeModerator(t.db, 'elsewhere', mainIds.foreign.userId);
    // The foreign moderator has signed in to the other app too (a moderator row and a user there).
    await post(t.app, 'user.json', { appId: 'elsewhere', auth: await tokenFor(elsewhere, mainIds.foreign.userId, 'foreign') });
    url = await newPage();
    for (const role of SIGNED) publicIds[role] = ((await call(role, 'user.json')).body.payload.info as { userId: string }).userId;
    await add('banned', 'written before the ban');
    expect((await call('moderator', 'admin/ban', { userId: publicIds.banned, reason: 'rude' })).status).toBe(200);
  });
  afterAll(() => t.close());

  return { tokens, mainIds, publicIds, call, add, list, ids, row, user, actions, setSettings, newPage, state: () => ({ t, url }) };
}

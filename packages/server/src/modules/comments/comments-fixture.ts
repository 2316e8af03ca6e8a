import { afterAll, beforeAll, expect } from 'vitest';
import type { Comment, CommentPage } from '@guffaw/comments-client';
import type { DatabaseKind } from '../../../test/harness.js';
import { testConfig } from '../../config.js';
import { createApp, createCommentsTestApp, createMainUser, createPost, get, makeModerator, post, tokenFor, type CommentsTestApp } from './test-kit.js';

/** The comment service tests' world (comments.test.ts, comments-moderation.test.ts): the main app, its roles, a post. */
export type Role = 'visitor' | 'member' | 'other' | 'op' | 'moderator' | 'banned';
/** Notifications go out after the reply (outbox drain): how long a test waits for them. */
export const SENT = { timeout: 10_000, interval: 50 };

/** Registers the setup (beforeAll) and teardown of a test app with the main app's roles; `state()` after beforeAll. */
export function commentServiceFixture(kind: DatabaseKind) {
  let t: CommentsTestApp;
  let main: { id: string; secret: string };
  let url: string;
  const tokens = {} as Record<Exclude<Role, 'visitor'>, string>;
  const mainIds = {} as Record<Exclude<Role, 'visitor'>, { id: number; userId: string }>;

  const as = (role: Role) => (role === 'visitor' ? undefined : tokens[role]);
  const call = (role: Role, path: string, fields: Record<string, string | number | boolean | undefined>, headers: Record<string, string> = {}) =>
    post(t.app, path, { appId: 'guffaw', auth: as(role), ...fields }, headers);
  const add = async (role: Role, text: string, extra: Record<string, string | undefined> = {}, at = url) => {
    const res = await call(role, 'add-comment.json', { url: at, text, ...extra });
    return { res, comment: res.body.payload.comment as Comment };
  };
  const list = async (role: Role, fields: Record<string, string | number | undefined> = {}) => {
    const res = role === 'visitor' ? await get(t.app, 'comment-list.json', { appId: 'guffaw', url, ...fields }) : await call(role, 'comment-list.json', { url, ...fields });
    expect(res.status).toBe(200);
    return res.body.payload as unknown as CommentPage;
  };
  const row = (commentId: string) => t.db.selectFrom('comments').selectAll().where('commentId', '=', commentId).executeTakeFirst();
  const countComments = async () => Number((await t.db.selectFrom('comments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    // With the spam defences on (the proof of work at a low difficulty): every write solves one through test-kit's post().
    t = await createCommentsTestApp(kind, {}, { commentSpam: { ...testConfig().commentSpam, proofRequired: true, rules: true } });
    main = await createApp(t.db, 'guffaw', { origins: ['https://friend.example'] });
    for (const role of ['member', 'other', 'op', 'moderator', 'banned'] as const) {
      mainIds[role] = await createMainUser(t.db, role === 'member' ? 'alice' : role === 'other' ? 'bob' : role);
      tokens[role] = await tokenFor(main, mainIds[role].userId, role === 'member' ? 'Alice' : role, { profileUrl: `https://guffaw.example/u/${role}` });
    }
    await makeModerator(t.db, 'guffaw', mainIds.moderator.userId);
    url = `${t.config.publicUrl}/gag/${await createPost(t.db, mainIds.op.id)}`;
  });
  afterAll(() => t.close());

  return { tokens, mainIds, as, call, add, list, row, countComments, state: () => ({ t, main, url }) };
}

export function res401(res: { status: number; body: { code?: string } }): string | undefined {
  expect(res.status).toBe(401);
  return res.body.code;
}

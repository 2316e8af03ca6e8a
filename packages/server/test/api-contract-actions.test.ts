import {
  BlockListReply, EmailNotificationsReply, EmptyReply, LoginReply, ResetPasswordReply, SettingsReply, SignupReply, WordListReply,
  AppDetails, AppList, AppSecretReply, AppUpdateReply, ConsoleDone, ModeratorsReply, RegisteredApp,
  AwardBalance, AwardReply, BlockPostReply, DeletePostReply, DownloadReply, OffensiveReply, OpTokenReply, PollReply, PostReportReply, ProfileReportReply,
  SaveReply, SentAwards, ShareReply, UploadStatus, VoteReply,
} from '@guffaw/api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, solveProof, waitForMail } from '../src/modules/accounts/test-helpers.js';
import { signAuthToken } from '../src/modules/comments/index.js';
import { createApp } from '../src/modules/comments/test-kit.js';
import { makePost, makeUser, type TestUser } from '../src/modules/posts/test-fixtures.js';
import { startContractApp, type ContractApp } from './contract-kit.js';
import { describeEachDatabase } from './harness.js';

/**
 * The post actions', the accounts' and the apps console's replies (@guffaw/api actions.ts, accounts.ts, apps.ts) on real
 * calls: each matches its schema, byte for byte.
 */
describeEachDatabase('post action, account and console replies against the @guffaw/api contract', (kind) => {
  let c: ContractApp;
  let member: TestUser;
  let op: TestUser;
  let moderator: TestUser;

  beforeAll(async () => {
    c = await startContractApp(kind);
    const db = c.db;
    op = await makeUser(db, 'actionsop');
    member = await makeUser(db, 'actionsmember');
    moderator = await makeUser(db, 'actionsmod');
    await createApp(db, 'guffaw');
    await db.insertInto('commentModerators').values({ appId: 'guffaw', externalId: moderator.userId }).execute();
    await makePost(db, { id: 'a-photo', creatorId: op.id, up: 3 });
    await makePost(db, { id: 'a-gif', type: 'Animated', creatorId: op.id, images: { image460sv: { url: 'https://media.example/a.mp4' }, image700: { url: 'https://media.example/a.jpg' } } });
    await makePost(db, { id: 'a-poll', creatorId: op.id });
    await db.insertInto('polls').values({ postId: 'a-poll', options: JSON.stringify(['Yes', 'No']), endsAt: new Date(Date.now() + 3600_000) }).execute();
    await db.insertInto('awardBalances').values({ userId: member.id, balance: 2 }).execute();
  });
  afterAll(async () => {
    await c.close();
  });

  it('votes send VoteReply: like, dislike and unlike', async () => {
    for (const [path, value] of [['like', 1], ['dislike', -1], ['unlike', 0]] as const) {
      const { data } = await c.typed(VoteReply, { method: 'POST', url: `/v1/vote/${path}`, user: member, payload: { id: 'a-photo' } });
      expect((data as VoteReply).userVote).toBe(value);
    }
  });

  it('save, block and delete send SaveReply, BlockPostReply and DeletePostReply', async () => {
    expect((await c.typed(SaveReply, { method: 'POST', url: '/v1/save-post', user: member, payload: { id: 'a-photo' } })).data).toEqual({ id: 'a-photo', saved: true });
    await c.typed(SaveReply, { method: 'DELETE', url: '/v1/save-post', user: member, payload: { id: 'a-photo' } });
    for (const type of ['post', 'comment']) {
      await c.typed(BlockPostReply, { method: 'POST', url: '/v1/block-post', user: member, payload: { id: 'a-photo', type } });
      await c.typed(BlockPostReply, { method: 'POST', url: '/v1/block-post', user: member, payload: { id: 'a-photo', type, action: 'unblock' } });
    }
    await makePost(c.db, { id: 'a-gone', creatorId: op.id });
    await c.typed(DeletePostReply, { method: 'DELETE', url: '/v1/post', user: op, payload: { entryId: 'a-gone' } });
  });

  it('the OP token, reports and the offensive mark send their replies', async () => {
    const token = await c.typed(OpTokenReply, { method: 'POST', url: '/v1/op-token', user: op, payload: { id: 'a-photo' } });
    expect((token.data as OpTokenReply).url).toMatch(/\/gag\/a-photo$/);
    const report = await c.typed(PostReportReply, { method: 'POST', url: '/report', user: member, payload: { entryId: 'a-gif', type: 2 } });
    expect((report.data as PostReportReply).creatorBlocked).toBe(true);
    await c.typed(PostReportReply, { method: 'POST', url: '/report', user: moderator, payload: { id: 'a-gif', type: 50 } });
    await c.typed(ProfileReportReply, { method: 'POST', url: '/report', user: member, payload: { username: 'actionsop', type: 4 } });
    await c.typed(OffensiveReply, { method: 'POST', url: '/v1/offensive-post', user: moderator, payload: { id: 'a-photo' } });
    await c.typed(OffensiveReply, { method: 'POST', url: '/v1/offensive-post', user: moderator, payload: { id: 'a-photo', action: 'unmark' } });
  });

  it('download and share send DownloadReply and ShareReply', async () => {
    await c.typed(DownloadReply, { url: '/v1/download-post?id=a-photo' });
    const gif = await c.typed(DownloadReply, { method: 'POST', url: '/v1/download-post', user: member, payload: { id: 'a-gif' } });
    expect((gif.data as DownloadReply).url).toBe('https://media.example/a.mp4');
    const share = await c.typed(ShareReply, { method: 'POST', url: '/v1/share-post', payload: { id: 'a-photo', platform: 'copy' } });
    expect((share.data as ShareReply).platform).toBe('copy-link');
  });

  it('poll results and a poll vote send PollReply', async () => {
    await c.typed(PollReply, { url: '/v1/poll/results?entryId=a-poll' });
    const voted = await c.typed(PollReply, { method: 'POST', url: '/v1/poll/vote', user: member, payload: { entryId: 'a-poll', option_index: 1 } });
    expect((voted.data as PollReply).poll.user_voted_option).toBe(1);
    await c.typed(PollReply, { method: 'POST', url: '/v1/poll/results', user: member, payload: { entryId: 'a-poll' } });
  });

  it('Cheers send AwardReply, AwardBalance and SentAwards', async () => {
    await c.typed(AwardReply, { method: 'POST', url: '/award', user: member, payload: { id: 'a-photo', type: 'cheers' } });
    expect((await c.typed(AwardBalance, { url: '/award-balance', user: member })).data).toEqual({ balance: 1 });
    expect((await c.typed(SentAwards, { url: '/user-sent-awards', user: member })).data).toEqual({ sentAwards: ['a-photo'], balance: 1 });
  });

  it('an upload and its status send UploadStatus: ready with the post, processing, failed', async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({ type: 'Text', title: 'Contract upload', description: 'words' })) fd.append(k, v);
    const request = new Request('http://localhost/submit', { method: 'POST', body: fd });
    const payload = Buffer.from(await request.arrayBuffer());
    const headers = { 'content-type': request.headers.get('content-type') ?? '' };
    const submitted = await c.typed(UploadStatus, { method: 'POST', url: '/submit', user: member, payload, headers });
    const ready = submitted.data as UploadStatus;
    expect(ready).toMatchObject({ status: 'ready', post: { id: ready.id } });

    await c.db.insertInto('uploadJobs').values([
      { id: ready.id, userId: member.id, type: 'Text', status: 'ready', progress: 100 },
      { id: 'uproc', userId: member.id, type: 'Animated', status: 'processing', progress: 40 },
      { id: 'ustale', userId: member.id, type: 'Video', status: 'processing', updatedAt: new Date(Date.now() - 3_600_000) },
    ]).onConflict((oc) => oc.column('id').doNothing()).execute();
    expect(((await c.typed(UploadStatus, { url: `/v1/submit-status?id=${ready.id}`, user: member })).data as UploadStatus).post?.id).toBe(ready.id);
    expect(((await c.typed(UploadStatus, { url: '/v1/submit-status?id=uproc', user: member })).data as UploadStatus).status).toBe('processing');
    const failed = (await c.typed(UploadStatus, { url: '/v1/submit-status?id=ustale', user: member })).data as UploadStatus;
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'PROCESSING_INTERRUPTED' });
    expect(failed.errorMessage).toBeTruthy();
  });

  it('sign-in, settings and the member lists send their account replies', async () => {
    const t = { app: c.app, config: c.app.config };
    const json = { accept: 'application/json' };
    const captcha = await solveProof(t);
    const signup = await c.typed(SignupReply, { method: 'POST', url: '/member/email-signup', headers: json, payload: { fullname: 'New One', email: 'new-one@example.com', password: 'long enough', next: '/fresh', captcha } });
    expect(signup.data).toEqual({ next: '/fresh', checkEmail: true });
    await waitForMail(t, (m) => m.to === 'new-one@example.com');

    const { session, res } = await signUp(t, { email: 'contract-login@example.com', password: 'right password' });
    expect(session, res.body).not.toBe('');
    const user = { id: 0, userId: '', username: '', cookie: `guffaw_session=${session}`, headers: { cookie: `guffaw_session=${session}` } };
    const login = await c.typed(LoginReply, { method: 'POST', url: '/login', headers: json, payload: { username: 'contract-login@example.com', password: 'right password', next: '/x' } });
    expect((login.data as LoginReply).next).toBe('/x');

    await c.typed(SettingsReply, { method: 'POST', url: '/v1/settings', user, payload: { about: 'Me' } });
    const mail = await c.typed(EmailNotificationsReply, { url: '/v1/email-notifications', user });
    expect((mail.data as EmailNotificationsReply).email).toBe('contract-login@example.com');
    await c.typed(EmailNotificationsReply, { method: 'POST', url: '/v1/email-notifications', user, payload: { mode: 'digest' } });
    await c.typed(EmptyReply, { method: 'POST', url: '/connect/unlink', user, payload: { platform: 'google' } });
    await c.typed(EmptyReply, { method: 'POST', url: '/v1/user-block', user, payload: { accountId: op.userId } });
    const blocked = await c.typed(BlockListReply, { method: 'POST', url: '/v1/user-block-list', user, payload: { fromIndex: 0, itemCount: 20 } });
    expect((blocked.data as BlockListReply).users.map((u) => u.username)).toEqual(['actionsop']);
    await c.typed(EmptyReply, { method: 'POST', url: '/v1/user-block', user, payload: { accountId: op.userId, _method: 'delete' } });
    for (const path of ['/v1/user-mute-list', '/v1/block-tag']) {
      expect((await c.typed(WordListReply, { method: 'POST', url: path, user, payload: { value: 'spoilers, cats' } })).data).toEqual({ list: ['spoilers', 'cats'] });
      await c.typed(WordListReply, { method: 'DELETE', url: path, user, payload: { value: 'cats' } });
    }

    await c.typed(EmptyReply, { method: 'POST', url: '/v1/user-forgot-password', payload: { email: 'contract-login@example.com' } });
    const resetMail = await waitForMail(t, (m) => m.to === 'contract-login@example.com' && m.subject.startsWith('Reset'));
    const token = new URL(resetMail.links[0] ?? '').searchParams.get('token') ?? '';
    await c.typed(EmptyReply, { method: 'POST', url: '/v1/reset-password-check', payload: { token } });
    const reset = await c.typed(ResetPasswordReply, { method: 'POST', url: '/member/reset-password', headers: json, payload: { token, password: 'new password' } });
    expect(reset.data).toEqual({ next: '/' });
    // A reset ends the account's other sessions: a fresh login for the last calls.
    const again = await c.app.inject({ method: 'POST', url: '/login', headers: json, payload: { username: 'contract-login@example.com', password: 'new password' } });
    const cookie = `guffaw_session=${again.cookies.find((k) => k.name === 'guffaw_session')?.value ?? ''}`;
    const fresh = { ...user, cookie, headers: { cookie } };
    await c.typed(EmptyReply, { method: 'POST', url: '/logout', headers: json, user: fresh });
    const last = await c.app.inject({ method: 'POST', url: '/login', headers: json, payload: { username: 'contract-login@example.com', password: 'new password' } });
    const lastCookie = `guffaw_session=${last.cookies.find((k) => k.name === 'guffaw_session')?.value ?? ''}`;
    const deleted = await c.typed(SettingsReply, { method: 'POST', url: '/v1/settings', user: { ...user, cookie: lastCookie, headers: { cookie: lastCookie } }, payload: { deleteAccount: '1', password: 'new password' } });
    expect(deleted.data).toEqual({ user: null, deleted: true });
  });

  it('the apps console sends its app list, details, changes, moderators and queue actions', async () => {
    await c.db.updateTable('users').set({ isAdmin: true }).where('id', '=', moderator.id).execute();
    await c.db.updateTable('users').set({ emailVerified: true }).where('id', '=', op.id).execute();
    const made = await c.typed(RegisteredApp, { method: 'POST', url: '/v1/apps', user: op, payload: { name: 'OP blog', allowedOrigins: ['https://op.example'] } });
    const appId = (made.data as RegisteredApp).app.appId;
    const base = `/v1/apps/${appId}`;
    await c.typed(AppUpdateReply, { method: 'PATCH', url: base, user: op, payload: { name: 'OP’s blog', settings: { reportThreshold: 3 } } });
    await c.typed(ModeratorsReply, { method: 'POST', url: `${base}/moderators`, user: op, payload: { username: 'mod-of-blog' } });
    // The main app's moderators are accounts: they carry a username.
    const main = await c.typed(ModeratorsReply, { method: 'POST', url: '/v1/apps/guffaw/moderators', user: moderator, payload: { username: 'actionsmember' } });
    expect((main.data as ModeratorsReply).moderators.find((m) => m.accountId === member.userId)?.username).toBe('actionsmember');
    const details = await c.typed(AppDetails, { url: base, user: op });
    expect((details.data as AppDetails).moderators.map((m) => m.accountId)).toEqual(['mod-of-blog']);
    await c.typed(AppDetails, { url: '/v1/apps/guffaw', user: moderator });
    await c.typed(ModeratorsReply, { method: 'DELETE', url: `${base}/moderators/mod-of-blog`, user: op });
    await c.typed(AppSecretReply, { method: 'POST', url: `${base}/rotate-secret`, user: op });
    for (const user of [op, moderator]) {
      const list = await c.typed(AppList, { url: '/v1/apps', user });
      expect((list.data as AppList).apps.map((a) => a.appId)).toContain(appId);
    }

    const { secret } = await c.db.selectFrom('commentApps').select('secret').where('id', '=', appId).executeTakeFirstOrThrow();
    const auth = await signAuthToken(secret, appId, { sub: 'writer', name: 'writer' });
    const added = await c.app.inject({
      method: 'POST',
      url: '/comments/v1/add-comment.json',
      payload: new URLSearchParams({ appId, auth, url: 'https://op.example/a', text: 'A comment' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const comment = added.json().payload.comment as { commentId: string; user: { userId: string } };
    await c.typed(ConsoleDone, { method: 'POST', url: `${base}/comments/${comment.commentId}/approve`, user: op });
    expect((await c.app.inject({ method: 'POST', url: `${base}/bans`, headers: op.headers, payload: { userId: comment.user.userId } })).statusCode).toBe(200);
    await c.typed(ConsoleDone, { method: 'DELETE', url: `${base}/bans/${comment.user.userId}`, user: op });
  });
});

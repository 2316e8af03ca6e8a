import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/harness.js';
import { signAuthToken } from '../auth.js';
import { createApp, createCommentsTestApp, post, type CommentsTestApp } from '../test-kit.js';
import { disqusXml, fixtureModel } from './fixtures.js';
import { run } from './transfer-fixture.js';

describeEachDatabase('a sign-in claims an imported author', (kind) => {
  let t: CommentsTestApp;
  beforeAll(async () => {
    t = await createCommentsTestApp(kind);
  });
  afterAll(() => t.close());

  it('by id (the token\'s sub) or by e-mail: the imported comments become theirs, under the name they sign in with', async () => {
    const m = fixtureModel();
    const app = await createApp(t.db, 'claimapp');
    await run(t.db, app.id, 'disqus', disqusXml(m));
    const url = m.threads[0]!.url;
    const as = async (sub: string, name: string, email?: string) =>
      (await post(t.app, 'user.json', { appId: app.id, auth: await signAuthToken(app.secret, app.id, { sub, name, ...(email ? { email } : {}) }) })).body.payload;
    // Bob signs in with his Disqus username as the id.
    expect((await as('bob', 'Robert')).commentedPostUrls).toEqual([url]);
    // Alice's host knows her by another id, but signs her (verified) e-mail, whatever its case.
    expect((await as('site-user-1', 'Alice B', 'ALICE@example.com')).commentedPostUrls).toEqual(expect.arrayContaining(m.threads.map((th) => th.url)));
    // Someone new gets no one's comments.
    expect((await as('newcomer', 'New')).commentedPostUrls).toEqual([]);
    const list = await post(t.app, 'comment-list.json', { appId: app.id, url, type: 'old', count: 10 });
    const comments = (list.body.payload.comments as { text: string; user: { displayName: string; accountId: string } }[]);
    expect(comments[0]).toMatchObject({ user: { displayName: 'Alice B', accountId: 'site-user-1' } });
  });
});

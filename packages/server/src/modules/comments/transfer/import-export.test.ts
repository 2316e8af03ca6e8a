import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../../../test/harness.js';
import { commentsHelp, runCommentsCommand } from '../../../cli/comments.js';
import { claimImportedUser } from './claim.js';
import { exportDisqus, exportJson } from './export.js';
import { disqusPost, disqusThread, DISQUS_HEAD, disqusXml, fixtureModel, remark42, remark42Line, wxr, wxrComment, WXR_HEAD } from './fixtures.js';
import { checkModel, importedRows, newApp, run, threadsOf, type Row, type ThreadShape } from './transfer-fixture.js';

describeEachDatabase('comment import and export', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t.close());

  it('imports a Disqus export comment by comment (replies before their parents too), and a second run adds nothing', async () => {
    const m = fixtureModel();
    const app = await newApp(t.db);
    // 104 (a reply to 103) and 106 come before the comments they answer.
    const file = disqusXml(m, ['104', '101', '106', '102', '103', '105', '107', '108', '109', '110']);
    const first = await run(t.db, app, 'disqus', file);
    expect(first).toMatchObject({ read: 10, created: 10, existing: 0, skipped: 0, sections: 2 });
    // Alice (username alice) is one user in both threads; the guest is keyed by e-mail.
    expect(first.users).toBe(7 + 1);
    await checkModel(t.db, app, 'disqus', m);
    const section = await t.db.selectFrom('commentSections').selectAll().where('appId', '=', app).where('url', '=', m.threads[1]!.url).executeTakeFirstOrThrow();
    expect(section.locked).toBe(true);
    const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from comments c join comment_sections s on s.id = c.section_id where s.app_id = ${app}`.execute(t.db)).rows[0]?.n);
    const before = await count();
    const second = await run(t.db, app, 'disqus', file);
    expect(second).toMatchObject({ read: 10, created: 0, existing: 10, skipped: 0, users: 0, sections: 0 });
    expect(await count()).toBe(before);
    await checkModel(t.db, app, 'disqus', m);
  });

  it('imports WordPress WXR comments, with a host rewrite', async () => {
    const m = fixtureModel();
    const app = await newApp(t.db);
    const report = await run(t.db, app, 'wordpress', wxr(m), new Map([['old.example', 'new.example']]));
    expect(report).toMatchObject({ read: 10, created: 10, skipped: 0 });
    await checkModel(t.db, app, 'wordpress', m, { host: 'new.example' });
    expect((await run(t.db, app, 'wordpress', wxr(m), new Map([['old.example', 'new.example']]))).created).toBe(0);
  });

  it('imports a Remark42 backup (gzipped through the CLI too)', async () => {
    const m = fixtureModel();
    const app = await newApp(t.db);
    const report = await run(t.db, app, 'remark42', remark42(m));
    expect(report).toMatchObject({ read: 10, created: 10, skipped: 0 });
    await checkModel(t.db, app, 'remark42', m, { prefix: 'r-' });
    const rows = await importedRows(t.db, app, 'remark42');
    expect(rows.get('r-101')?.authorExternalId).toBe('import:remark42:u:github_alice');
    const dir = mkdtempSync(join(tmpdir(), 'guffaw-import-'));
    try {
      const gz = join(dir, 'remark42.gz');
      writeFileSync(gz, gzipSync(remark42(m)));
      const other = await newApp(t.db);
      const printed: string[] = [];
      await runCommentsCommand(t.db, ['import', '--app', other, '--from', 'remark42', gz], (l) => printed.push(l), { stdout: new PassThrough(), stderr: { write: () => undefined } });
      expect(printed[0]).toContain('10 comments read, 10 created');
      await checkModel(t.db, other, 'remark42', m, { prefix: 'r-' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports what it skipped and why', async () => {
    const m = fixtureModel();
    const app = await newApp(t.db);
    const base = m.comments[0]!;
    const long = 'x'.repeat(1001);
    const xml =
      DISQUS_HEAD + m.threads.map(disqusThread).join('') +
      disqusPost({ ...base, id: '900', html: '<p> <br> </p>' }) +
      disqusPost({ ...base, id: '901', html: `<p>${long}</p>` }) +
      disqusPost({ ...base, id: '902', thread: 99 }) +
      disqusPost({ ...base, id: '903', parent: '999' }) +
      disqusPost({ ...base, id: '904', parent: '901', html: '<p>answering a skipped one</p>' }) +
      disqusPost({ ...base, id: '905', html: '<p>fine</p>' }) +
      '</disqus>\n';
    const report = await run(t.db, app, 'disqus', xml);
    expect(report).toMatchObject({ read: 5, created: 1, skipped: 5 });
    expect(report.skippedByReason).toEqual({ EMPTY_COMMENT: 1, TEXT_TOO_LONG: 1, THREAD_NOT_FOUND: 1, PARENT_NOT_FOUND: 1, PARENT_SKIPPED: 1 });
    expect(report.skippedItems.map((i) => [i.sourceId, i.reason])).toEqual(
      expect.arrayContaining([['900', 'EMPTY_COMMENT'], ['901', 'TEXT_TOO_LONG'], ['902', 'THREAD_NOT_FOUND'], ['903', 'PARENT_NOT_FOUND'], ['904', 'PARENT_SKIPPED']]),
    );
    const wp = WXR_HEAD + `<item><link>${m.threads[0]!.url}</link>` + wxrComment({ ...base, id: '950' }, 'pingback') + wxrComment({ ...base, id: '951' }) + '</item></channel></rss>';
    const wpReport = await run(t.db, app, 'wordpress', wp);
    expect(wpReport).toMatchObject({ created: 1, skippedByReason: { NOT_A_COMMENT: 1 } });
    const r42 = `${remark42Line(m, { ...base, id: '960' })}\nnot json\n${remark42Line(m, { ...base, id: '961', thread: 11 }).replace('https://old.example/posts/one', 'ftp://x')}\n`;
    const r42Report = await run(t.db, app, 'remark42', r42);
    expect(r42Report).toMatchObject({ created: 1, skippedByReason: { INVALID_JSON: 1, INVALID_URL: 1 } });
  });

  it('exports JSON that a fresh app imports into the same threads, with users, votes and moderation state', async () => {
    const m = fixtureModel();
    const app = await newApp(t.db);
    await run(t.db, app, 'disqus', disqusXml(m));
    // Moderation state and votes of our own.
    const alice = await t.db.selectFrom('commentUsers').selectAll().where('appId', '=', app).where('externalId', '=', 'import:disqus:u:alice').executeTakeFirstOrThrow();
    const c1 = (await importedRows(t.db, app, 'disqus')).get('101') as Row;
    await t.db.updateTable('comments').set({ isPinned: true, pinnedAt: new Date(), isSensitive: true }).where('id', '=', c1.id as number).execute();
    await t.db.insertInto('commentLikes').values({ commentId: c1.id as number, userId: alice.id, value: 1 }).execute();
    await t.db.updateTable('comments').set({ likeCount: 1 }).where('id', '=', c1.id as number).execute();
    await t.db.updateTable('commentUsers').set({ bannedAt: new Date() }).where('appId', '=', app).where('externalId', '=', 'import:disqus:u:frank').execute();
    await t.db.insertInto('commentModerators').values({ appId: app, externalId: 'import:disqus:u:bob' }).execute();

    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (b: Buffer) => chunks.push(b));
    await exportJson(t.db, app, out);
    out.end();
    const json = Buffer.concat(chunks).toString('utf8');
    const lines = json.trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    expect(lines[0]).toMatchObject({ type: 'guffaw-comments', version: 1, app: { id: app } });
    expect(lines.some((l) => JSON.stringify(l).includes('x'.repeat(32)))).toBe(false); // no secret

    const fresh = await newApp(t.db);
    const report = await run(t.db, fresh, 'json', json);
    expect(report).toMatchObject({ created: 9, skipped: 0 });
    expect(await threadsOf(t.db, fresh)).toEqual(await threadsOf(t.db, app));
    expect(await t.db.selectFrom('commentModerators').select('externalId').where('appId', '=', fresh).execute()).toEqual([{ externalId: 'import:disqus:u:bob' }]);
    const frank = await t.db.selectFrom('commentUsers').select('bannedAt').where('appId', '=', fresh).where('externalId', '=', 'import:disqus:u:frank').executeTakeFirstOrThrow();
    expect(frank.bannedAt).not.toBeNull();
    // Claim data travels: a sign-in with Alice's e-mail claims her in the new app too.
    expect(await claimImportedUser(t.db, fresh, 'sso-alice', 'alice@example.com')).toBe(true);
    // Again: nothing twice.
    expect((await run(t.db, fresh, 'json', json)).created).toBe(0);
    // A crafted file cannot bring script links in through attachments, media or mentions.
    const crafted = await newApp(t.db);
    const bad = JSON.stringify({
      type: 'comment', commentId: 'crafted1', url: 'https://x.example/p', author: 'someone', text: 'hi @x', createdAt: '2021-01-01T00:00:00Z',
      attachments: [{ type: 'link', link: { url: 'javascript:alert(1)', host: 'x' } }, { type: 'link', link: { url: 'https://ok.example/', host: 'ok.example' } }],
      media: [{ type: 'static', image: { url: 'https://cdn.example/a.png', webUrl: 'data:text/html,x' } }],
      mentionMapping: { x: 'javascript:alert(1)//u/' },
    });
    expect(await run(t.db, crafted, 'json', bad)).toMatchObject({ created: 1 });
    const row = await sql<{ attachments: unknown; media: unknown; mentionMapping: unknown }>`
      select c.attachments, c.media, c.mention_mapping from comments c join comment_sections s on s.id = c.section_id where s.app_id = ${crafted}`.execute(t.db);
    expect(row.rows[0]).toEqual({ attachments: [{ type: 'link', link: { url: 'https://ok.example/', host: 'ok.example' } }], media: [], mentionMapping: {} });
  });

  it('exports well-formed Disqus XML that imports back into the same threads', async () => {
    const m = fixtureModel();
    const app = await newApp(t.db);
    await run(t.db, app, 'wordpress', wxr(m));
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (b: Buffer) => chunks.push(b));
    await exportDisqus(t.db, app, out);
    out.end();
    const xml = Buffer.concat(chunks).toString('utf8');
    // Well-formed: the whole document through a strict parser, namespaces checked.
    const parser = new SaxesParser({ xmlns: true });
    let posts = 0;
    parser.on('opentag', (tag) => {
      if (tag.local === 'post') posts += 1;
    });
    parser.write(xml).close();
    expect(posts).toBe(9);
    const fresh = await newApp(t.db);
    expect(await run(t.db, fresh, 'disqus', xml)).toMatchObject({ created: 9, skipped: 0 });
    const strip = (threads: ThreadShape[]) => threads.map((th) => ({ ...th, comments: th.comments.map((c) => ({ ...c, author: c.authorName })) }));
    const a = strip(await threadsOf(t.db, app));
    const b = strip(await threadsOf(t.db, fresh));
    expect(b.map((th) => th.comments.map(({ text, authorName, createdAt, parent, level, isDeleted, isHidden }) => ({ text, authorName, createdAt, parent, level, isDeleted, isHidden })))).toEqual(
      a.map((th) => th.comments.map(({ text, authorName, createdAt, parent, level, isDeleted, isHidden }) => ({ text, authorName, createdAt, parent, level, isDeleted, isHidden }))),
    );
  });

  it('lets a first sign-in claim an imported author by id or e-mail', async () => {
    const m = fixtureModel();
    const app = await newApp(t.db);
    await run(t.db, app, 'disqus', disqusXml(m));
    const carol = await t.db.selectFrom('commentUsers').select('id').where('appId', '=', app).where('externalId', '=', 'import:disqus:u:carol').executeTakeFirstOrThrow();
    expect(await claimImportedUser(t.db, app, 'carol', '')).toBe(true);
    expect((await t.db.selectFrom('commentUsers').select('externalId').where('id', '=', carol.id).executeTakeFirstOrThrow()).externalId).toBe('carol');
    expect(await claimImportedUser(t.db, app, 'carol', '')).toBe(false);
    expect(await claimImportedUser(t.db, app, 'someone-else', 'GUEST@example.com'.toLowerCase())).toBe(true);
    expect(await claimImportedUser(t.db, app, 'nobody', 'nobody@example.com')).toBe(false);
    // A re-import after the claims creates neither comments nor users.
    expect(await run(t.db, app, 'disqus', disqusXml(m))).toMatchObject({ created: 0, users: 0 });
  });

  it('runs from the CLI: --help, progress on stderr (bar on a terminal, lines otherwise), summary on stdout, export to stdout', async () => {
    const m = fixtureModel();
    const app = await newApp(t.db);
    expect(commentsHelp(['import', '--help'])).toContain('--rewrite-host OLD=NEW');
    expect(commentsHelp(['export', '--help'])).toContain('--format json|disqus');
    expect(commentsHelp(['--help'])).toContain('import --app APP_ID --from disqus|wordpress|remark42|json');
    const dir = mkdtempSync(join(tmpdir(), 'guffaw-import-'));
    try {
      const file = join(dir, 'disqus.xml');
      writeFileSync(file, disqusXml(m));
      const printed: string[] = [];
      const stderr: string[] = [];
      const io = (tty: boolean) => ({ stdout: new PassThrough(), stderr: { isTTY: tty, write: (s: string) => stderr.push(s) } });
      await runCommentsCommand(t.db, ['import', '--app', app, '--from', 'disqus', '--rewrite-host', 'OLD.example=new.example', file], (l) => printed.push(l), io(false));
      expect(printed[0]).toMatch(/imported disqus into .*: 10 comments read, 10 created, 0 already imported, 0 skipped; 8 new users, 2 new sections/);
      expect(stderr.join('')).toMatch(/^import: 100% 10 comments read/m);
      expect(stderr.join('')).not.toContain('\r');
      await checkModel(t.db, app, 'disqus', m, { host: 'new.example' });
      stderr.length = 0;
      const report = join(dir, 'skipped.jsonl');
      writeFileSync(join(dir, 'bad.xml'), DISQUS_HEAD + disqusPost({ ...m.comments[0]!, id: '77', thread: 5 }) + '</disqus>');
      printed.length = 0;
      await runCommentsCommand(t.db, ['import', '--app', app, '--from', 'disqus', '--report', report, join(dir, 'bad.xml')], (l) => printed.push(l), io(true));
      expect(stderr.join('')).toContain('\r\u001b[2K[########################] 100% ');
      expect(printed.join('\n')).toContain('THREAD_NOT_FOUND: 1');
      expect(readFileSync(report, 'utf8').trim()).toBe(JSON.stringify({ sourceId: '77', reason: 'THREAD_NOT_FOUND', detail: 'thread 5 is not in the file' }));
      const stdout = new PassThrough();
      const chunks: Buffer[] = [];
      stdout.on('data', (b: Buffer) => chunks.push(b));
      await runCommentsCommand(t.db, ['export', '--app', app, '--format', 'json'], () => undefined, { stdout, stderr: { write: () => undefined } });
      expect(Buffer.concat(chunks).toString('utf8').split('\n').filter((l) => l.includes('"type":"comment"'))).toHaveLength(9);
      await expect(runCommentsCommand(t.db, ['import', '--app', app, '--from', 'blogger', file], () => undefined)).rejects.toThrow('--from');
      await expect(runCommentsCommand(t.db, ['import', '--app', app, '--from', 'disqus'], () => undefined)).rejects.toThrow('FILE');
      await expect(runCommentsCommand(t.db, ['import', '--app', 'missing', '--from', 'disqus', file], () => undefined)).rejects.toThrow('no app');
      await expect(runCommentsCommand(t.db, ['import', '--app', app, '--from', 'disqus', '--rewrite-host', 'a', file], () => undefined)).rejects.toThrow('OLD_HOST=NEW_HOST');
      await expect(runCommentsCommand(t.db, ['export', '--app', app, '--format', 'csv'], () => undefined)).rejects.toThrow('--format');
      await expect(runCommentsCommand(t.db, ['import', '--app', app, '--from', 'disqus', join(dir, 'missing.xml')], () => undefined)).rejects.toThrow('cannot read');
      writeFileSync(join(dir, 'broken.xml'), '<disqus><thread dsq:id="1"><link>x</link></disqus>');
      await expect(runCommentsCommand(t.db, ['import', '--app', app, '--from', 'disqus', join(dir, 'broken.xml')], () => undefined)).rejects.toThrow('not well-formed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

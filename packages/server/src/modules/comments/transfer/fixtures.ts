/**
 * Files in each import format, generated from one model (tests and bench/comments-import.mjs): threads, and comments
 * with their expected text after conversion. Nesting goes four levels deep, with HTML, entities, a script, a
 * deleted comment kept for its reply, one removed, spam, a guest, the same author in two threads.
 */
export type FixtureComment = {
  id: string;
  thread: number;
  parent: string | null;
  name: string;
  username: string;
  email: string;
  /** Disqus message and Remark42 text (HTML). */
  html: string;
  /** WordPress comment_content (as typed, with inline HTML). */
  wp: string;
  /** Remark42 `orig` (as typed), when given. */
  orig?: string;
  /** Our text after conversion, before any mention. */
  text: string;
  createdAt: Date;
  deleted: boolean;
  spam: boolean;
};
export type FixtureThread = { id: number; url: string; closed: boolean };
export type FixtureModel = { threads: FixtureThread[]; comments: FixtureComment[] };

const at = (hours: number) => new Date(Date.UTC(2020, 0, 1, 10, 0, 0) + hours * 3600_000);

export function fixtureModel(): FixtureModel {
  const c = (o: Partial<FixtureComment> & Pick<FixtureComment, 'id' | 'thread' | 'parent' | 'name' | 'text'>, i: number): FixtureComment => ({
    username: '',
    email: '',
    html: `<p>${o.text}</p>`,
    wp: o.text,
    createdAt: at(i),
    deleted: false,
    spam: false,
    ...o,
  });
  return {
    threads: [
      { id: 11, url: 'https://old.example/posts/one', closed: false },
      { id: 12, url: 'https://old.example/posts/two?page=1', closed: true },
    ],
    comments: [
      c({
        id: '101', thread: 11, parent: null, name: 'Alice A', username: 'alice', email: 'Alice@Example.com',
        html: '<p>Hello <b>world</b> &amp; friends</p>\n<p>Second line<br>third</p>',
        wp: 'Hello <b>world</b> &amp; friends\n\nSecond line\nthird',
        text: 'Hello world & friends\n\nSecond line\nthird',
      }, 0),
      c({
        id: '102', thread: 11, parent: '101', name: 'Bob', username: 'bob', email: 'bob@example.com',
        html: '<p>See <a href="https://docs.example/page?a=1&amp;b=2" rel="nofollow">the docs</a></p>',
        wp: 'See <a href="https://docs.example/page?a=1&amp;b=2">the docs</a>',
        text: 'See the docs (https://docs.example/page?a=1&b=2)',
      }, 1),
      c({
        id: '103', thread: 11, parent: '102', name: 'Carol', username: 'carol', email: '',
        html: '<p>&lt;script&gt;alert(1)&lt;/script&gt; is text</p><script>evil()</script><img src=x onerror=alert(2)>',
        wp: '&lt;script&gt;alert(1)&lt;/script&gt; is text<script>evil()</script>',
        orig: '<script>alert(1)</script> is text',
        text: '<script>alert(1)</script> is text',
      }, 2),
      c({ id: '104', thread: 11, parent: '103', name: 'Alice A', username: 'alice', email: 'alice@example.com', text: 'Thanks Carol 🎉 — “quoted”' }, 3),
      c({ id: '105', thread: 11, parent: null, name: 'Dave', username: 'dave', text: 'This was deleted', deleted: true }, 4),
      c({ id: '106', thread: 11, parent: '105', name: 'Eve', username: 'eve', text: 'Still here' }, 5),
      c({ id: '107', thread: 11, parent: null, name: 'Frank', username: 'frank', text: 'Buy cheap things', spam: true }, 6),
      c({ id: '108', thread: 11, parent: null, name: 'Gina', username: 'gina', text: 'Gone without replies', deleted: true }, 7),
      c({ id: '109', thread: 12, parent: null, name: 'Guest Person', username: '', email: 'guest@example.com', text: 'A guest speaks' }, 8),
      c({ id: '110', thread: 12, parent: '109', name: 'Alice A', username: 'alice', email: 'alice@example.com', text: 'Welcome, guest' }, 9),
    ],
  };
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const disqusDate = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;
const wpDate = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export const DISQUS_HEAD =
  '<?xml version="1.0" encoding="utf-8"?>\n<disqus xmlns="http://disqus.com" xmlns:dsq="http://disqus.com/disqus-internals">\n' +
  '<category dsq:id="1"><forum>blog</forum><title>General</title><isDefault>true</isDefault></category>\n';

export function disqusThread(t: FixtureThread): string {
  return `<thread dsq:id="${t.id}"><id>t${t.id}</id><forum>blog</forum><category dsq:id="1"/><link>${xml(t.url)}</link><title>Thread ${t.id}</title>` +
    `<message/><createdAt>2019-12-31T00:00:00Z</createdAt><author><name>Owner</name><isAnonymous>false</isAnonymous><username>owner</username></author>` +
    `<isClosed>${t.closed}</isClosed><isDeleted>false</isDeleted></thread>\n`;
}

export function disqusPost(c: FixtureComment): string {
  const author = `<author>${c.email ? `<email>${xml(c.email)}</email>` : ''}<name>${xml(c.name)}</name><isAnonymous>${!c.username}</isAnonymous>` +
    `${c.username ? `<username>${xml(c.username)}</username>` : ''}</author>`;
  return `<post dsq:id="${c.id}"><id/><message>${cdata(c.html)}</message><createdAt>${disqusDate(c.createdAt)}</createdAt>` +
    `<isDeleted>${c.deleted}</isDeleted><isSpam>${c.spam}</isSpam>${author}<thread dsq:id="${c.thread}"/>` +
    `${c.parent ? `<parent dsq:id="${c.parent}"/>` : ''}</post>\n`;
}

/** Posts in file order: a reply may come before the comment it answers (Disqus does not promise the order). */
export function disqusXml(m: FixtureModel, order?: string[]): string {
  const posts = order ? order.map((id) => m.comments.find((c) => c.id === id) as FixtureComment) : m.comments;
  return DISQUS_HEAD + m.threads.map(disqusThread).join('') + posts.map(disqusPost).join('') + '</disqus>\n';
}

export const WXR_HEAD =
  '<?xml version="1.0" encoding="UTF-8" ?>\n<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" ' +
  'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" ' +
  'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">\n<channel>\n<title>Blog</title>\n' +
  '<link>https://old.example</link>\n<wp:wxr_version>1.2</wp:wxr_version>\n';

export function wxrComment(c: FixtureComment, extra = ''): string {
  const userId = c.username ? String(1000 + c.username.charCodeAt(0)) : '0';
  return `<wp:comment><wp:comment_id>${c.id}</wp:comment_id><wp:comment_author>${cdata(c.name)}</wp:comment_author>` +
    `<wp:comment_author_email>${cdata(c.email)}</wp:comment_author_email><wp:comment_author_url>https://${c.username || 'guest'}.example/</wp:comment_author_url>` +
    `<wp:comment_author_IP>127.0.0.1</wp:comment_author_IP><wp:comment_date>${wpDate(new Date(c.createdAt.getTime() + 3600_000))}</wp:comment_date>` +
    `<wp:comment_date_gmt>${wpDate(c.createdAt)}</wp:comment_date_gmt><wp:comment_content>${cdata(c.wp)}</wp:comment_content>` +
    `<wp:comment_approved>${c.deleted ? 'trash' : c.spam ? 'spam' : '1'}</wp:comment_approved><wp:comment_type>${extra || 'comment'}</wp:comment_type>` +
    `<wp:comment_parent>${c.parent ?? '0'}</wp:comment_parent><wp:comment_user_id>${userId}</wp:comment_user_id>` +
    `<wp:commentmeta><wp:meta_key>akismet_result</wp:meta_key><wp:meta_value>${cdata('false')}</wp:meta_value></wp:commentmeta></wp:comment>\n`;
}

export function wxr(m: FixtureModel): string {
  const items = m.threads.map(
    (t) =>
      `<item><title>Post ${t.id}</title><link>${xml(t.url)}</link><pubDate>Tue, 31 Dec 2019 00:00:00 +0000</pubDate>` +
      `<content:encoded>${cdata('<p>The post body</p>')}</content:encoded><wp:post_id>${t.id}</wp:post_id>` +
      `<wp:comment_status>${t.closed ? 'closed' : 'open'}</wp:comment_status><wp:post_type>post</wp:post_type>\n` +
      m.comments.filter((c) => c.thread === t.id).map((c) => wxrComment(c)).join('') +
      '</item>\n',
  );
  return WXR_HEAD + items.join('') + '</channel>\n</rss>\n';
}

export function remark42Line(m: FixtureModel, c: FixtureComment): string {
  const url = (m.threads.find((t) => t.id === c.thread) as FixtureThread).url;
  return JSON.stringify({
    id: `r-${c.id}`,
    pid: c.parent ? `r-${c.parent}` : '',
    text: c.deleted ? '' : c.html,
    ...(c.orig !== undefined ? { orig: c.orig } : {}),
    user: { name: c.name, id: c.username ? `github_${c.username}` : `anonymous_${c.id}`, picture: `https://avatars.example/${c.username || 'x'}.png`, ip: 'ab12', admin: false, site_id: 'remark' },
    locator: { site: 'remark', url },
    score: 0,
    vote: 0,
    time: c.createdAt.toISOString(),
    delete: c.deleted,
    title: 'Post',
  });
}

export function remark42(m: FixtureModel): string {
  const head = JSON.stringify({ version: 1, users: [], posts: m.threads.map((t) => ({ url: t.url, read_only: t.closed })) });
  return [head, ...m.comments.map((c) => remark42Line(m, c))].join('\n') + '\n';
}

import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { htmlToText } from './html-text.js';
import { httpOrEmpty, lowerEmail, parseDate } from './record-fields.js';
import type { ImportRecord } from './records.js';

/** The XML exports: Disqus and WordPress (WXR), read through a streaming parser (saxes: no DTD, no external entities). */

/** Longest text kept of one XML element; a longer one is cut here (and is then refused as too long). */
const MAX_FIELD = 1 << 20;

type Collected = { fields: Map<string, string>; attrs: Map<string, string> };

/**
 * Runs saxes over the stream and hands each finished element of interest to `onRecord` with its descendants' texts by
 * relative path ("author/name") and attributes ("thread@dsq:id"). `recordAt(path)` says whether an element at that
 * path (names from the root, joined by '/') is a record. Records do not nest, except that `inner` elements inside one
 * (WordPress comments inside an item) are records of their own whose parent record's fields so far are passed along.
 */
async function* xmlRecords(
  input: Readable,
  isRecord: (path: string[]) => boolean,
  onRecord: (name: string, rec: Collected, outer: Collected | null) => ImportRecord | null,
): AsyncGenerator<ImportRecord> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const queue: ImportRecord[] = [];
  const path: string[] = [];
  /** Open records, outermost first, with the depth they opened at. */
  const open: { rec: Collected; depth: number; name: string }[] = [];
  let text = '';
  parser.on('opentag', (tag) => {
    path.push(tag.name);
    text = '';
    if (isRecord(path)) open.push({ rec: { fields: new Map(), attrs: new Map() }, depth: path.length, name: tag.name });
    const top = open[open.length - 1];
    if (top) {
      const rel = path.slice(top.depth).join('/');
      for (const [k, v] of Object.entries(tag.attributes as Record<string, string>)) top.rec.attrs.set(`${rel}@${k}`, v);
    }
  });
  const onText = (t: string) => {
    if (open.length > 0 && text.length < MAX_FIELD) text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const top = open[open.length - 1];
    if (top && path.length === top.depth) {
      open.pop();
      const out = onRecord(top.name, top.rec, open[open.length - 1]?.rec ?? null);
      if (out) queue.push(out);
    } else if (top && path.length > top.depth) {
      const rel = path.slice(top.depth).join('/');
      if (!top.rec.fields.has(rel)) top.rec.fields.set(rel, text);
    }
    path.pop();
    text = '';
  });
  input.setEncoding('utf8');
  for await (const chunk of input as AsyncIterable<string>) {
    try {
      parser.write(chunk);
    } catch (error) {
      throw new Error(`the XML is not well-formed: ${(error as Error).message}`);
    }
    for (const r of queue) yield r;
    queue.length = 0;
  }
  parser.close();
  for (const r of queue) yield r;
}

const bool = (v: string | undefined) => (v ?? '').trim().toLowerCase() === 'true';
const field = (r: Collected, name: string) => (r.fields.get(name) ?? '').trim();

/** Disqus XML export: <thread dsq:id> elements (link, isClosed) then <post dsq:id> elements referring to them. */
export async function* readDisqus(input: Readable): AsyncGenerator<ImportRecord> {
  const threads = new Map<string, string>();
  yield* xmlRecords(
    input,
    (p) => p.length === 2 && (p[1] === 'thread' || p[1] === 'post'),
    (tag, r): ImportRecord | null => {
      if (tag === 'thread') {
        const id = r.attrs.get('@dsq:id') ?? '';
        const url = field(r, 'link');
        if (!id) return null;
        threads.set(id, url);
        return { kind: 'section', url, locked: bool(r.fields.get('isClosed')) };
      }
      const sourceId = r.attrs.get('@dsq:id') ?? field(r, 'id');
      const threadId = r.attrs.get('thread@dsq:id') ?? '';
      const url = threads.get(threadId);
      if (!sourceId) return { kind: 'skip', sourceId: '(no id)', reason: 'NO_ID', detail: 'a post without dsq:id' };
      if (url === undefined) return { kind: 'skip', sourceId, reason: 'THREAD_NOT_FOUND', detail: `thread ${threadId} is not in the file` };
      const createdAt = parseDate(field(r, 'createdAt'));
      if (!createdAt) return { kind: 'skip', sourceId, reason: 'INVALID_DATE', detail: field(r, 'createdAt') };
      const username = field(r, 'author/username');
      const email = lowerEmail(field(r, 'author/email'));
      const name = field(r, 'author/name') || username || 'Anonymous';
      const anonymous = bool(r.fields.get('author/isAnonymous'));
      const key = !anonymous && username ? `u:${username}` : email ? `e:${email}` : `n:${name}`;
      return {
        kind: 'comment',
        sourceId,
        url,
        parentSourceId: r.attrs.get('parent@dsq:id') || null,
        author: { key, name, claimId: anonymous ? '' : username, email, avatarUrl: '', profileUrl: '' },
        text: htmlToText(r.fields.get('message') ?? '', 'html'),
        createdAt,
        deleted: bool(r.fields.get('isDeleted')),
        hidden: bool(r.fields.get('isSpam')),
      };
    },
  );
}

/** WordPress WXR: each <item> (a post or page, its <link>) holds its <wp:comment> elements. */
export async function* readWordPress(input: Readable): AsyncGenerator<ImportRecord> {
  yield* xmlRecords(
    input,
    (p) => (p.length === 3 && p[2] === 'item') || (p.length === 4 && p[2] === 'item' && p[3] === 'wp:comment'),
    (tag, r, outer): ImportRecord | null => {
      if (tag === 'item') return null;
      const sourceId = field(r, 'wp:comment_id');
      if (!sourceId) return { kind: 'skip', sourceId: '(no id)', reason: 'NO_ID', detail: 'a comment without wp:comment_id' };
      const url = outer ? field(outer, 'link') : '';
      const type = field(r, 'wp:comment_type');
      if (type === 'pingback' || type === 'trackback') return { kind: 'skip', sourceId, reason: 'NOT_A_COMMENT', detail: type };
      const createdAt = parseDate(field(r, 'wp:comment_date_gmt'), true) ?? parseDate(field(r, 'wp:comment_date'), true);
      if (!createdAt) return { kind: 'skip', sourceId, reason: 'INVALID_DATE', detail: field(r, 'wp:comment_date_gmt') };
      const approved = field(r, 'wp:comment_approved');
      const wpUser = field(r, 'wp:comment_user_id');
      const email = lowerEmail(field(r, 'wp:comment_author_email'));
      const name = field(r, 'wp:comment_author') || 'Anonymous';
      const key = wpUser && wpUser !== '0' ? `u:${wpUser}` : email ? `e:${email}` : `n:${name}`;
      const parent = field(r, 'wp:comment_parent');
      return {
        kind: 'comment',
        sourceId,
        url,
        parentSourceId: parent && parent !== '0' ? parent : null,
        author: {
          key,
          name,
          claimId: wpUser && wpUser !== '0' ? wpUser : '',
          email,
          avatarUrl: '',
          profileUrl: httpOrEmpty(field(r, 'wp:comment_author_url')),
        },
        text: htmlToText(r.fields.get('wp:comment_content') ?? '', 'text'),
        createdAt,
        deleted: approved === 'trash',
        hidden: approved !== '1' && approved !== 'trash',
      };
    },
  );
}

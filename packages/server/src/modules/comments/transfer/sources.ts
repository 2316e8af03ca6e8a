import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { htmlToText } from './html-text.js';

/**
 * Readers of the files an import takes, each a stream of records in file order, in constant memory: XML through a
 * streaming parser (saxes: no DTD, no external entities), line-delimited JSON line by line. Text arrives as our plain
 * text (HTML converted by html-text.ts); the writer applies the comment text rules.
 */
export type Source = 'disqus' | 'wordpress' | 'remark42' | 'json';
export const SOURCES: Source[] = ['disqus', 'wordpress', 'remark42', 'json'];

export type ImportAuthor = {
  /** Stable key of the author in the source (one app user per key). */
  key: string;
  name: string;
  /** The source's user id a sign-in's `sub` may match to claim the user ('' none). */
  claimId: string;
  /** Lower-cased e-mail a sign-in's `email` may match ('' none). */
  email: string;
  avatarUrl: string;
  profileUrl: string;
  /** Our own format: the user's external id as it was (the author is then that user, not an imported one). */
  externalId?: string;
};

export type ImportComment = {
  kind: 'comment';
  sourceId: string;
  url: string;
  parentSourceId: string | null;
  author: ImportAuthor;
  text: string;
  createdAt: Date;
  deleted: boolean;
  /** Spam, pending or unapproved: kept, hidden (moderators see and may unhide it). */
  hidden: boolean;
  /** Our own format only. */
  extra?: {
    commentId: string;
    isPinned: boolean;
    isSensitive: boolean;
    isOffensive: boolean;
    opStatus: number;
    type: string;
    media: unknown;
    attachments: unknown;
    mentionMapping: Record<string, string>;
    votes: [string, 1 | -1][];
    delegate: string | null;
  };
};
export type ImportSection = { kind: 'section'; url: string; locked?: boolean; status?: string; isForum?: boolean; opExternalId?: string | null };
export type ImportUser = {
  kind: 'user';
  externalId: string;
  displayName: string;
  avatarUrl: string;
  profileUrl: string;
  banned: boolean;
  claim: { id: string; email: string } | null;
};
export type ImportModerator = { kind: 'moderator'; externalId: string };
/** A record the reader could not use (the writer reports it). */
export type ImportSkip = { kind: 'skip'; sourceId: string; reason: string; detail: string };
export type ImportRecord = ImportComment | ImportSection | ImportUser | ImportModerator | ImportSkip;

/** Bytes read so far, for the progress bar. */
export type ReadProgress = { bytes: number };

/** Longest text kept of one XML element; a longer one is cut here (and is then refused as too long). */
const MAX_FIELD = 1 << 20;

/**
 * A file (or stdin with '-') as a stream, counting the bytes read (the progress bar); a gzipped file (Remark42 backups
 * are .gz) is recognised by its magic bytes and inflated on the way.
 */
export function openInput(path: string, progress: ReadProgress): Readable {
  const raw = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: 256 * 1024 });
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      progress.bytes += chunk.length;
      done(null, chunk);
    },
  });
  let gzipped = false;
  if (path !== '-') {
    const head = Buffer.alloc(2);
    const fd = openSync(path, 'r');
    try {
      gzipped = readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
    } finally {
      closeSync(fd);
    }
  }
  const fail = (target: Readable) => (error: Error) => target.destroy(error);
  raw.on('error', fail(count));
  const counted = raw.pipe(count);
  if (!gzipped) return counted;
  const gunzip = createGunzip();
  count.on('error', fail(gunzip));
  return counted.pipe(gunzip);
}

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
const lowerEmail = (s: string) => (/^[^\s@]+@[^\s@]+$/.test(s.trim()) ? s.trim().toLowerCase() : '');
const httpOrEmpty = (s: string) => (/^https?:\/\/\S+$/i.test(s.trim()) ? s.trim() : '');

function parseDate(s: string, assumeUtc = false): Date | null {
  const t = s.trim();
  if (!t) return null;
  // WordPress: "2020-01-02 03:04:05" (comment_date_gmt is UTC).
  const wp = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(t);
  const d = wp && assumeUtc ? new Date(`${wp[1]}-${wp[2]}-${wp[3]}T${wp[4]}:${wp[5]}:${wp[6]}Z`) : new Date(t);
  return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1990 ? null : d;
}

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

async function* lines(input: Readable): AsyncGenerator<{ n: number; value: unknown } | { n: number; error: string }> {
  const rl = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  for await (const line of rl) {
    n += 1;
    if (line.trim() === '') continue;
    try {
      yield { n, value: JSON.parse(line) as unknown };
    } catch (error) {
      yield { n, error: (error as Error).message };
    }
  }
}

const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * Remark42 backup (`remark42 backup`, often gzipped): line-delimited JSON, a first line with version, users and posts,
 * then one comment a line: id, pid (parent), text (HTML) and orig (as typed), user {id, name, picture}, locator {url},
 * time, delete.
 */
export async function* readRemark42(input: Readable): AsyncGenerator<ImportRecord> {
  for await (const line of lines(input)) {
    if ('error' in line) {
      yield { kind: 'skip', sourceId: `line ${line.n}`, reason: 'INVALID_JSON', detail: line.error };
      continue;
    }
    const c = obj(line.value);
    if (!('locator' in c) && ('version' in c || 'users' in c || 'posts' in c)) {
      for (const p of Array.isArray(c.posts) ? c.posts : []) {
        const post = obj(p);
        if (str(post.url)) yield { kind: 'section', url: str(post.url), locked: post.read_only === true };
      }
      continue;
    }
    const sourceId = str(c.id);
    if (!sourceId) {
      yield { kind: 'skip', sourceId: `line ${line.n}`, reason: 'NO_ID', detail: 'a comment without id' };
      continue;
    }
    const createdAt = parseDate(str(c.time));
    if (!createdAt) {
      yield { kind: 'skip', sourceId, reason: 'INVALID_DATE', detail: str(c.time) };
      continue;
    }
    const user = obj(c.user);
    const userId = str(user.id);
    const name = str(user.name).trim() || 'Anonymous';
    const orig = str(c.orig);
    yield {
      kind: 'comment',
      sourceId,
      url: str(obj(c.locator).url).trim(),
      parentSourceId: str(c.pid) || null,
      author: { key: userId ? `u:${userId}` : `n:${name}`, name, claimId: userId, email: '', avatarUrl: httpOrEmpty(str(user.picture)), profileUrl: '' },
      text: orig ? orig.replace(/\r\n?/g, '\n') : htmlToText(str(c.text), 'html'),
      createdAt,
      deleted: c.delete === true,
      hidden: false,
    };
  }
}

/**
 * Media and attachments of our own export are shown by the widget as they are (images, links): an item any of whose
 * url fields is not http(s) (or a path of this server) is left out, so a crafted file cannot slip in a javascript: link.
 */
function safeItems(v: unknown): unknown[] {
  const ok = (x: unknown): boolean => {
    if (Array.isArray(x)) return x.every(ok);
    if (typeof x !== 'object' || x === null) return true;
    return Object.entries(x as Record<string, unknown>).every(([k, val]) =>
      /(url|href|src)$/i.test(k) && typeof val === 'string' ? /^https?:\/\/\S+$/i.test(val) || /^\/(?!\/)\S*$/.test(val) || val === '' : ok(val),
    );
  };
  return Array.isArray(v) ? v.filter(ok) : [];
}

/** Our own export (export.ts, `--format json`): JSON lines of app, moderator, user, section and comment records. */
export async function* readOwnJson(input: Readable): AsyncGenerator<ImportRecord> {
  for await (const line of lines(input)) {
    if ('error' in line) {
      yield { kind: 'skip', sourceId: `line ${line.n}`, reason: 'INVALID_JSON', detail: line.error };
      continue;
    }
    const r = obj(line.value);
    switch (r.type) {
      case 'moderator':
        if (str(r.externalId)) yield { kind: 'moderator', externalId: str(r.externalId) };
        break;
      case 'user': {
        const claim = obj(r.claim);
        if (!str(r.externalId)) break;
        yield {
          kind: 'user',
          externalId: str(r.externalId),
          displayName: str(r.displayName),
          avatarUrl: httpOrEmpty(str(r.avatarUrl)),
          profileUrl: httpOrEmpty(str(r.profileUrl)),
          banned: typeof r.bannedAt === 'string',
          claim: r.claim ? { id: str(claim.id), email: lowerEmail(str(claim.email)) } : null,
        };
        break;
      }
      case 'section':
        yield {
          kind: 'section',
          url: str(r.url),
          locked: r.locked === true,
          status: str(r.status) || 'open',
          isForum: r.isForum === true,
          opExternalId: typeof r.opExternalId === 'string' ? r.opExternalId : null,
        };
        break;
      case 'comment': {
        const sourceId = str(r.commentId);
        const createdAt = parseDate(str(r.createdAt));
        if (!sourceId || !createdAt) {
          yield { kind: 'skip', sourceId: sourceId || `line ${line.n}`, reason: sourceId ? 'INVALID_DATE' : 'NO_ID', detail: str(r.createdAt) };
          break;
        }
        const author = str(r.author);
        const votes = (Array.isArray(r.votes) ? r.votes : [])
          .filter((v): v is [string, 1 | -1] => Array.isArray(v) && typeof v[0] === 'string' && (v[1] === 1 || v[1] === -1));
        yield {
          kind: 'comment',
          sourceId,
          url: str(r.url),
          parentSourceId: str(r.parent) || null,
          author: { key: author, name: '', claimId: '', email: '', avatarUrl: '', profileUrl: '', externalId: author },
          text: str(r.text),
          createdAt,
          deleted: r.isDeleted === true,
          hidden: r.isHidden === true,
          extra: {
            commentId: sourceId,
            isPinned: r.isPinned === true,
            isSensitive: r.isSensitive === true,
            isOffensive: r.isOffensive === true,
            opStatus: r.opStatus === 1 || r.opStatus === 2 ? r.opStatus : 0,
            type: r.commentType === 'userMedia' ? 'userMedia' : 'text',
            media: safeItems(r.media),
            attachments: safeItems(r.attachments),
            // Mentions link to profiles: kept only as the service makes them (http(s), with /u/).
            mentionMapping: Object.fromEntries(
              Object.entries(obj(r.mentionMapping)).filter(([, v]) => typeof v === 'string' && /^https?:\/\/\S+$/i.test(v) && v.includes('/u/')),
            ) as Record<string, string>,
            votes,
            delegate: typeof r.delegate === 'string' ? r.delegate : null,
          },
        };
        break;
      }
      default:
        break;
    }
  }
}

export function readSource(source: Source, input: Readable): AsyncGenerator<ImportRecord> {
  if (source === 'disqus') return readDisqus(input);
  if (source === 'wordpress') return readWordPress(input);
  if (source === 'remark42') return readRemark42(input);
  return readOwnJson(input);
}

import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { htmlToText } from './html-text.js';
import { httpOrEmpty, lowerEmail, parseDate } from './record-fields.js';
import type { ImportRecord } from './records.js';

/** The line-delimited JSON files: Remark42 backups and our own export, read line by line. */

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

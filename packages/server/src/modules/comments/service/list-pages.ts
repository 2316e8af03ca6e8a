import type { CommentPage } from '@guffaw/comments-client';
import { badRequest } from '../../../lib/envelope.js';
import { SNAPSHOT_TTL_MS, decodeCursor, encodeCursor, type CursorToken } from '../cursor.js';
import { presentComment, type PresentContext } from '../present.js';
import * as repo from '../repo/index.js';
import type { AppRow, CommentRecord, ViewerFilter } from '../repo/index.js';
import type { CommentCore } from './core.js';
import { commentNotFound } from './sections.js';
import { readAppSettings } from './settings.js';
import { threadPage } from './thread-page.js';
import type { ListInput } from './types.js';

/**
 * A list page (level 1): pinned comments head the first page, then keyset pages of the sort (hot pages read the
 * list's snapshot, cursor.ts); a `commentId` asks for the thread view (thread-page.ts).
 */
export async function computePage(core: CommentCore, app: AppRow, input: ListInput, filter: ViewerFilter): Promise<CommentPage> {
  const { db } = core;
  const cached = await core.caches.section(app.id, input.url);
  const section = cached.row;
  const ctx: PresentContext = { app, url: input.url, listUrl: core.listUrl };
  const page: CommentPage = {
    url: input.url,
    // A section not made yet will be made with the app's defaultSectionStatus.
    status: section?.status ?? readAppSettings(app.settings).defaultSectionStatus,
    lock: section?.locked ?? false,
    total: section?.total ?? 0,
    comments: [],
    prev: null,
    next: null,
    refresh: null,
    parent: null,
    level: input.level === 2 ? 2 : 1,
  };
  const cursors = [input.next, input.prev, input.refresh].filter((c) => c !== undefined);
  if (cursors.length > 1) throw badRequest('INVALID_CURSOR', 'Send one of next, prev or refresh.');
  if (input.level === 2 && !input.commentId) throw badRequest('COMMENT_ID_REQUIRED', 'A thread view needs the commentId of its anchor.');
  if (!section) {
    if (input.commentId) throw commentNotFound();
    return page;
  }
  if (input.commentId) return threadPage(core, section, input, filter, page, ctx);

  const scope = String(section.id);
  const count = input.count;
  const hot = input.type === 'hot';
  // Hot pages carry the list's snapshot (cursor.ts); a cursor past its lifetime is read against live scores.
  const live = (c: CursorToken): CursorToken => {
    if (c.a === undefined || Date.now() * 1000 - c.a < SNAPSHOT_TTL_MS * 1000) return c;
    const { a: _expired, ...rest } = c;
    return rest;
  };
  /** A list position: a hot refresh cursor (dir r) holds none. */
  const position = (raw: string): CursorToken => {
    const c = decodeCursor(raw, input.type, scope);
    if (c.dir === 'r') throw badRequest('INVALID_CURSOR', 'Send this cursor as refresh.');
    return c;
  };
  let snapshot: number | undefined;
  const key = (r: CommentRecord): CursorToken => ({
    dir: 'f', sort: input.type, scope, t: r.createdAt.getTime(), id: r.id,
    ...(hot ? { s: r.hotScore } : {}),
    ...(hot && snapshot !== undefined ? { a: snapshot } : {}),
  });
  let rows: CommentRecord[];
  let pinned: CommentRecord[] = [];
  const refreshCur = input.refresh !== undefined && hot ? decodeCursor(input.refresh, 'hot', scope) : null;
  if (refreshCur?.dir === 'r' && refreshCur.a !== undefined) {
    // Hot refresh: what was added since the snapshot, oldest first in batches, shown in hot order.
    const a = refreshCur.a;
    rows = await repo.listHotAddedSince(db, section.id, a, refreshCur.id, count, filter);
    const last = rows[rows.length - 1];
    page.refresh = last ? encodeCursor({ dir: 'r', sort: 'hot', scope, t: last.createdAt.getTime(), id: last.id, a }) : (input.refresh as string);
    rows.sort((x, y) => y.hotScore - x.hotScore || y.id - x.id);
  } else if (input.next) {
    const cur = live(position(input.next));
    snapshot = cur.a;
    rows = await repo.listTopLevel(db, section.id, input.type, cur, true, count + 1, filter);
    const more = rows.length > count;
    rows = rows.slice(0, count);
    page.next = more && rows.length ? encodeCursor(key(rows[rows.length - 1] as CommentRecord)) : null;
    page.prev = rows.length ? encodeCursor({ ...key(rows[0] as CommentRecord), dir: 'b' }) : input.next;
  } else if (input.prev || input.refresh) {
    const cur = live(refreshCur ?? position((input.prev ?? input.refresh) as string));
    snapshot = cur.a;
    rows = await repo.listTopLevel(db, section.id, input.type, cur, false, count + 1, filter);
    const more = rows.length > count;
    rows = rows.slice(rows.length - Math.min(rows.length, count));
    page.prev = more && rows.length ? encodeCursor({ ...key(rows[0] as CommentRecord), dir: 'b' }) : null;
    page.next = rows.length ? encodeCursor(key(rows[rows.length - 1] as CommentRecord)) : null;
    // Polling for new comments goes on from the newest one seen (a snapshot's refresh is the first page's).
    page.refresh = snapshot !== undefined ? null : encodeCursor({ ...(rows.length && !more ? key(rows[0] as CommentRecord) : cur), dir: 'b' });
  } else {
    if (cached.hasPinned !== false) {
      pinned = await repo.listPinned(db, section.id, filter);
      // Only a section without any pinned comment (for anyone) skips the query next time.
      if (filter.moderator || pinned.length > 0) cached.hasPinned = pinned.length > 0;
      else if (cached.hasPinned === null) cached.hasPinned = (await repo.pinnedCommentIds(db, section.id)).length > 0;
    }
    rows = await repo.listTopLevel(db, section.id, input.type, null, true, count + 1, filter);
    snapshot = rows[0]?.snapshot;
    const more = rows.length > count;
    rows = rows.slice(0, count);
    page.next = more && rows.length ? encodeCursor(key(rows[rows.length - 1] as CommentRecord)) : null;
    // Hot: refresh fetches what is added after the snapshot (an empty list: everything, from the start). Others: a
    // cursor before the first comment, or before everything when the list is empty.
    page.refresh = encodeCursor(
      hot
        ? { dir: 'r', sort: 'hot', scope, t: 0, id: 0, a: snapshot ?? 0 }
        : rows.length
          ? { ...key(rows[0] as CommentRecord), dir: 'b' }
          : { dir: 'b', sort: input.type, scope, t: input.type === 'old' ? 0 : 8.64e15, id: input.type === 'old' ? 0 : Number.MAX_SAFE_INTEGER },
    );
  }
  page.comments = [...pinned, ...rows].map((r) => presentComment(r, ctx));
  return page;
}


import type { FollowedPageEntry, FollowedPagesReply, FollowUpdateReply } from '@guffaw/api';
import type { Database } from '../../db/index.js';
import { badRequest, notFound } from '../../lib/envelope.js';
import { canonicalTag } from '../posts/tags.js';
import * as repo from './repository.js';
import type { UserRow } from './repository.js';

/** The tags and interests a member follows (shell §3 "Follow update", §5). */

export const MAX_FOLLOWED_PAGES = 500;
/** shell §5 canonical tag: trimmed, spaces to hyphens, lowercase. */
const TAG_KEY = /^[\p{L}\p{N}][\p{L}\p{N}-]{0,59}$/u;

const pageOf = (kind: 'tag' | 'interest', key: string, name: string | null, updatedAt: Date): FollowedPageEntry => ({
  key,
  name: name ?? (kind === 'tag' ? key.replace(/-/g, ' ') : key),
  url: kind === 'tag' ? `/tag/${encodeURIComponent(key)}` : `/interest/${encodeURIComponent(key)}`,
  updateTs: Math.floor(updatedAt.getTime() / 1000),
});

export async function followedPages(db: Database, user: UserRow): Promise<FollowedPagesReply> {
  const rows = await repo.listFollowedPages(db, user.id);
  const pages = (kind: 'tag' | 'interest') => rows.filter((r) => r.kind === kind).map((r) => pageOf(kind, r.key, r.name, r.updatedAt));
  return { tags: pages('tag'), interests: pages('interest') };
}

/** shell §3 "Follow update": isFollowing 1|0 and notification Some|No, beside the page itself. */
export async function setFollowing(db: Database, user: UserRow, kind: 'tag' | 'interest', rawKey: string, following: boolean): Promise<FollowUpdateReply> {
  let key = rawKey.trim();
  let name: string | null = null;
  if (kind === 'tag') {
    key = canonicalTag(key);
    if (!TAG_KEY.test(key)) throw badRequest('INVALID_TAG', 'This is not a valid tag.');
  } else {
    const interest = await repo.findInterest(db, key);
    if (!interest) throw notFound('INTEREST_NOT_FOUND', 'This interest does not exist.');
    name = interest.name;
  }
  if (following && (await repo.countFollowedPages(db, user.id)) >= MAX_FOLLOWED_PAGES) {
    throw badRequest('TOO_MANY_FOLLOWS', `You can follow at most ${MAX_FOLLOWED_PAGES} tags and interests.`);
  }
  const at = await repo.setFollowedPage(db, user.id, kind, key, following);
  return { ...pageOf(kind, key, name, at), isFollowing: following ? 1 : 0, notification: following ? 'Some' : 'No' };
}

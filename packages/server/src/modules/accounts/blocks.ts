import type { BlockListReply } from '@guffaw/api';
import type { Database } from '../../db/index.js';
import { badRequest, notFound } from '../../lib/envelope.js';
import * as repo from './repository.js';
import type { UserRow, WordTable } from './repository.js';

/** A member's blocks: blocked users, muted words and blocked tags (shell §5, comments.md §9). */

/** comments.md §9: blocked-user pages of 20. */
export const BLOCK_PAGE_SIZE = 20;
export const MAX_WORD_LENGTH = 100;
export const MAX_WORDS = 500;

export async function blockedUsers(db: Database, user: UserRow, fromIndex: number, itemCount: number): Promise<BlockListReply> {
  const rows = await repo.listBlockedUsers(db, user.id, fromIndex, itemCount + 1);
  const users = rows.slice(0, itemCount).map((r) => ({ userId: r.userId, accountId: r.userId, username: r.username, fullName: r.fullName, avatarUrl: r.avatarUrl }));
  return { users, didEndOfList: rows.length <= itemCount };
}

export async function setBlock(db: Database, user: UserRow, accountId: string, block: boolean): Promise<void> {
  const target = await repo.findUserByPublicId(db, accountId);
  if (!target) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
  if (target.id === user.id) throw badRequest('CANNOT_BLOCK_SELF', 'You cannot block yourself.');
  if (block) await repo.blockUser(db, user.id, target.id);
  else await repo.unblockUser(db, user.id, target.id);
}

/**
 * A block asked through the comment service (the embed frame of the main app, user-block.json): the member is named
 * by their public id (the comment user's externalId) and blocks as on /v1/user-block.
 */
export async function setBlockByPublicId(db: Database, publicId: string, accountId: string, block: boolean): Promise<void> {
  const user = await repo.findUserByPublicId(db, publicId);
  if (!user) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
  await setBlock(db, user, accountId, block);
}

/** shell §5: split on commas, trim, drop empties; blocked tags are lowercased like tags. */
export function splitWords(value: string, table: WordTable): string[] {
  const items = value
    .split(',')
    .map((v) => v.trim().replace(/\s+/g, ' '))
    .filter((v) => v !== '')
    .map((v) => (table === 'blockedTags' ? v.toLowerCase() : v));
  for (const item of items) {
    if (item.length > MAX_WORD_LENGTH) throw badRequest('WORD_TOO_LONG', `Each entry must be at most ${MAX_WORD_LENGTH} characters.`);
  }
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.toLowerCase()) && seen.add(i.toLowerCase()));
}

/** Adds only entries not yet present (case-insensitively) and answers the new list. */
export async function addToList(db: Database, user: UserRow, table: WordTable, value: string): Promise<string[]> {
  const items = splitWords(value, table);
  if (items.length === 0) throw badRequest('EMPTY_VALUE', 'Please enter at least one word.');
  const current = await repo.wordList(db, table, user.id);
  const known = new Set(current.map((c) => c.toLowerCase()));
  const fresh = items.filter((i) => !known.has(i.toLowerCase()));
  if (current.length + fresh.length > MAX_WORDS) throw badRequest('TOO_MANY_WORDS', `You can block at most ${MAX_WORDS} entries.`);
  await repo.addWords(db, table, user.id, fresh);
  return repo.wordList(db, table, user.id);
}

export async function removeFromList(db: Database, user: UserRow, table: WordTable, value: string): Promise<string[]> {
  const items = splitWords(value, table);
  if (items.length === 0) throw badRequest('EMPTY_VALUE', 'Please enter at least one word.');
  await repo.removeWords(db, table, user.id, items);
  return repo.wordList(db, table, user.id);
}

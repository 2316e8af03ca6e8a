import { normalizedText, textShape } from '../../../../../lib/spam/score.js';
import { authorRecent, type AuthorRecent } from '../../../repo/spam.js';
import type { AddContext } from '../context.js';

/** A new account: its comment user is under 24 h old and has fewer than 3 approved comments (MODERATION.md). */
export const NEW_ACCOUNT_MS = 24 * 3600_000;
export const NEW_ACCOUNT_APPROVED = 3;

const read = new WeakMap<AddContext, Promise<AuthorRecent>>();

/** The author's recent comments as the spam phases read them: one query per comment, shared by the phases. */
export function authorRecentOf(ctx: AddContext): Promise<AuthorRecent> {
  let found = read.get(ctx);
  if (!found) {
    found = authorRecent(ctx.core.db, ctx.viewer.user.id, normalizedText(ctx.text), textShape(ctx.text));
    read.set(ctx, found);
  }
  return found;
}

export async function isNewAccount(ctx: AddContext): Promise<boolean> {
  if (Date.now() - ctx.viewer.user.createdAt.getTime() >= NEW_ACCOUNT_MS) return false;
  return (await authorRecentOf(ctx)).approved < NEW_ACCOUNT_APPROVED;
}

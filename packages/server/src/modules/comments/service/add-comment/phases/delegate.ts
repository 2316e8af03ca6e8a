import { forbidden, notFound } from '../../../../../lib/envelope.js';
import { isBanned } from '../../bans.js';
import * as repo from '../../../repo/index.js';
import type { Phase } from '../context.js';

/** Posting on behalf of someone (`delegateUserId`) is a moderator's tool (e.g. moving a comment sent by mail). */
export const resolveDelegate: Phase = async (ctx) => {
  const { input } = ctx;
  if (!input.delegateUserId) return;
  if (!ctx.viewer.moderator) throw forbidden('DELEGATE_NOT_ALLOWED', 'You cannot post on behalf of another user.');
  ctx.delegate = (await repo.findUserByPublicId(ctx.core.db, ctx.app.id, input.delegateUserId)) ?? null;
  if (!ctx.delegate) throw notFound('DELEGATE_NOT_FOUND', 'The user to post for does not exist.');
  if (isBanned(ctx.delegate)) throw forbidden('USER_BANNED', 'That user is banned from commenting here.');
};

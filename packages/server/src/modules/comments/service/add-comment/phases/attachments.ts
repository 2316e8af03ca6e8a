import type { LinkPreview } from '@guffaw/comments-client';
import { badRequest } from '../../../../../lib/envelope.js';
import * as repo from '../../../repo/index.js';
import { attachmentUsed, type Phase } from '../context.js';
import { MAX_ATTACHMENTS } from '../../types.js';

/**
 * Attachments are tokens of this user's uploads and link previews in this app, each unused (a token is consumed by
 * the first comment that carries it, claimed in write.ts); at most one image or video, MAX_ATTACHMENTS in all.
 */
export const checkAttachments: Phase = async (ctx) => {
  const { input } = ctx;
  if (input.attachments.length > MAX_ATTACHMENTS) throw badRequest('TOO_MANY_ATTACHMENTS', `A comment can carry at most ${MAX_ATTACHMENTS} attachments.`);
  ctx.tokens = [...new Set(input.attachments.map((a) => a.token))];
  const stored = await repo.findMedia(ctx.core.db, ctx.app.id, ctx.viewer.user.id, ctx.tokens);
  if (stored.length !== ctx.tokens.length || input.attachments.some((a) => stored.find((s) => s.token === a.token)?.kind !== a.type)) {
    throw badRequest('ATTACHMENT_NOT_FOUND', 'An attachment was not found. Please upload it again.');
  }
  if (stored.some((s) => s.commentId !== null)) throw attachmentUsed();
  ctx.media = stored.filter((s) => s.kind === 'userMedia').map((s) => s.item);
  if (ctx.media.length > 1) throw badRequest('TOO_MANY_ATTACHMENTS', 'A comment can carry one image or video.');
  ctx.links = stored.filter((s) => s.kind === 'link').map((s) => s.item as LinkPreview);
};

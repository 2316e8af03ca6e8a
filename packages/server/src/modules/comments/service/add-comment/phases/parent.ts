import { badRequest } from '../../../../../lib/envelope.js';
import type { Phase } from '../context.js';

/** A reply's parent is a visible, not deleted comment of the same section. */
export const checkParent: Phase = async (ctx) => {
  if (!ctx.input.parent) return;
  ctx.parent = await ctx.sections.visibleComment(ctx.app, ctx.input.parent, ctx.input.url, ctx.viewer);
  if (ctx.parent.isDeleted) throw badRequest('PARENT_DELETED', 'This comment was deleted and cannot be replied to.');
};

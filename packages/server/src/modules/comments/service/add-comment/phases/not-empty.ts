import { badRequest } from '../../../../../lib/envelope.js';
import type { Phase } from '../context.js';

/** A comment holds text or an attachment. */
export const checkNotEmpty: Phase = (ctx) => {
  if (ctx.text === '' && ctx.media.length === 0 && ctx.links.length === 0) throw badRequest('EMPTY_COMMENT', 'Write something or add an attachment.');
};

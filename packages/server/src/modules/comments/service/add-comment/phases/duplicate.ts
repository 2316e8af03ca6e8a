import { HttpError } from '../../../../../lib/envelope.js';
import { normalizedText } from '../../../../../lib/spam/score.js';
import type { Phase } from '../context.js';
import { authorRecentOf } from './author-recent.js';

/** The same text (case and white space aside) from the same author in the same app within 10 minutes: 409. */
export const refuseDuplicate: Phase = async (ctx) => {
  if (!ctx.core.config.commentSpam.rules || normalizedText(ctx.text) === '') return;
  if ((await authorRecentOf(ctx)).duplicate) {
    throw new HttpError(409, 'DUPLICATE_COMMENT', 'You already posted this comment. Write something new, or wait a few minutes.');
  }
};

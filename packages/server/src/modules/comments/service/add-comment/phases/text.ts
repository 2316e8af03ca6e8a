import { badRequest } from '../../../../../lib/envelope.js';
import { normalizeCommentText } from '../../../text.js';
import type { Phase } from '../context.js';

/** Text is stored as text: line ends `\n`, blank runs collapsed, trimmed (text.ts); at most the app's length. */
export const checkText: Phase = (ctx) => {
  ctx.text = normalizeCommentText(ctx.input.text);
  if ([...ctx.text].length > ctx.app.maxMessageLength) {
    throw badRequest('TEXT_TOO_LONG', `A comment can be at most ${ctx.app.maxMessageLength} characters long.`);
  }
};

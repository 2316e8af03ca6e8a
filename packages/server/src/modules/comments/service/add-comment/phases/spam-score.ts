import { akismetIsSpam } from '../../../../../lib/spam/akismet.js';
import { SPAM_THRESHOLD, spamScore } from '../../../../../lib/spam/score.js';
import type { Phase } from '../context.js';
import { authorRecentOf, isNewAccount } from './author-recent.js';
import { linksOf } from './link-hold.js';

/**
 * The built-in spam score (lib/spam/score.ts: links, repetition, new account, burst) holds a comment at the threshold
 * (`spam`); below it, the Akismet-compatible checker when AKISMET_KEY is set (failing open). Moderators are trusted.
 */
export const checkSpam: Phase = async (ctx) => {
  if (!ctx.core.config.commentSpam.rules || ctx.hold || ctx.viewer.moderator) return;
  const recent = await authorRecentOf(ctx);
  const { score } = spamScore({ links: linksOf(ctx), similarRecent: recent.similar, newAccount: await isNewAccount(ctx), lastMinute: recent.lastMinute, text: ctx.text });
  if (score >= SPAM_THRESHOLD) {
    ctx.hold = { reason: 'spam' };
    return;
  }
  const akismet = ctx.core.config.commentSpam.akismet;
  const client = ctx.input.client;
  if (!akismet || !client || ctx.text === '') return;
  const spam = await akismetIsSpam(
    akismet,
    {
      blog: new URL(ctx.input.url).origin,
      permalink: ctx.input.url,
      userIp: client.ip,
      userAgent: client.userAgent,
      author: ctx.viewer.user.displayName,
      authorUrl: ctx.viewer.user.profileUrl,
      content: ctx.text,
      type: ctx.input.parent ? 'reply' : 'comment',
      createdAt: new Date(),
    },
    client.log,
  );
  if (spam) ctx.hold = { reason: 'spam' };
};

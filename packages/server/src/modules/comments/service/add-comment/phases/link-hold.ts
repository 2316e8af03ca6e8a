import { detectLinks } from '../../../links.js';
import type { AddContext, Phase } from '../context.js';
import { isNewAccount } from './author-recent.js';

/** Distinct links of the comment: its link attachments and the links in its text. */
export const linksOf = (ctx: AddContext): number => new Set([...ctx.links.map((l) => l.url), ...detectLinks(ctx.text)]).size;

/** Links in a new account's first comments (author-recent.ts) wait for a moderator (`links`); moderators are trusted. */
export const holdNewAccountLinks: Phase = async (ctx) => {
  if (!ctx.core.config.commentSpam.rules || ctx.hold || ctx.viewer.moderator || linksOf(ctx) === 0) return;
  if (await isNewAccount(ctx)) ctx.hold = { reason: 'links' };
};

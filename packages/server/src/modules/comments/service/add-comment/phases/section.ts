import { assertSectionOpen } from '../../sections.js';
import type { Phase } from '../context.js';

/** The url's section (made on the first comment); locked or closed ones take comments from moderators only. */
export const openSection: Phase = async (ctx) => {
  ctx.section = await ctx.sections.ensureSection(ctx.app, ctx.input.url);
  assertSectionOpen(ctx.section, ctx.viewer);
};

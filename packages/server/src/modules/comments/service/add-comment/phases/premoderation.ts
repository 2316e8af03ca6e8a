import * as repo from '../../../repo/index.js';
import { readAppSettings } from '../../settings.js';
import type { Phase } from '../context.js';

/**
 * Pre-moderation (the app's `premoderation` setting, MODERATION.md): `all` holds every comment of a non-moderator;
 * `first` holds a member's comments until one of theirs is visible (approved, or posted before pre-moderation was
 * turned on). Runs last, so a refusal by an earlier phase wins and a reason set earlier (spam, links) is kept.
 */
export const premoderate: Phase = async (ctx) => {
  if (ctx.hold || ctx.viewer.moderator) return;
  const { premoderation } = readAppSettings(ctx.app.settings);
  if (premoderation === 'all') ctx.hold = { reason: 'premoderation' };
  else if (premoderation === 'first' && !(await repo.hasVisibleComment(ctx.core.db, ctx.viewer.user.id))) ctx.hold = { reason: 'new-user' };
};

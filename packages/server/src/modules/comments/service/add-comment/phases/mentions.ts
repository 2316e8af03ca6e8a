import * as repo from '../../../repo/index.js';
import type { AppRow } from '../../../repo/index.js';
import type { CommentCore } from '../../core.js';
import { MAX_MENTIONS } from '../../types.js';
import type { Phase } from '../context.js';

/** The name the anonymous OP goes by (present.ts anonymousOp). */
const ANONYMOUS_OP_NAME = 'OP';

/** `@name`s (up to MAX_MENTIONS) -> profile urls; `reserved`: a name that is not resolved to anyone (case-insensitive). */
async function mentions(core: CommentCore, app: AppRow, text: string, reserved: string | null): Promise<{ mapping: Record<string, string>; externalIds: string[] }> {
  const names = [...new Set([...text.matchAll(/(?:^|[^\w@/])@([A-Za-z0-9_][A-Za-z0-9_.-]{0,39})/g)].map((m) => (m[1] as string).replace(/[.-]+$/, '')))]
    .filter((name) => reserved === null || name.toLowerCase() !== reserved.toLowerCase())
    .slice(0, MAX_MENTIONS);
  const mapping: Record<string, string> = {};
  const externalIds: string[] = [];
  if (names.length === 0) return { mapping, externalIds };
  const host = core.hostOf(app);
  if (host) {
    // The host's accounts by username (the main site: `${PUBLIC_URL}/u/{username}`); they are notified.
    for (const u of await host.accountsByName(names)) {
      const name = names.find((n) => n.toLowerCase() === u.username.toLowerCase()) as string;
      mapping[name] = u.profileUrl;
      externalIds.push(u.accountId);
    }
  } else {
    for (const u of await repo.appUsersByName(core.db, app.id, names)) {
      const name = names.find((n) => n.toLowerCase() === u.displayName.toLowerCase());
      if (name && !(name in mapping) && u.profileUrl.includes('/u/')) mapping[name] = u.profileUrl;
    }
  }
  return { mapping, externalIds };
}

/**
 * comments.md §4: a reply to the anonymous OP starts "@OP". On an anonymous post that name is the anonymous OP, never
 * an account of that name (the demo's `op`): resolving it would link the thread to a profile and notify it.
 */
export const resolveMentions: Phase = async (ctx) => {
  const anonymous = await ctx.sections.anonymousPost(ctx.app.id, ctx.input.url);
  ctx.mention = await mentions(ctx.core, ctx.app, ctx.text, anonymous ? ANONYMOUS_OP_NAME : null);
};

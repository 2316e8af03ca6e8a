import { createCommentsClient } from '@guffaw/comments-client';
import { isApiFailure } from '../lib/api';
import { appDetails } from '../lib/endpoints/apps';

/** The main site's app in the comment service (DESIGN.md), as post-comments.tsx names it; not imported from there, which would bring the widget along. */
export const MAIN_APP_ID = 'guffaw';

/**
 * What the signed-in member may do with the main app's comments (MODERATION.md "Roles"): a moderator of the app
 * (the comment service's user.json says so for their token), a main-site admin or the app's owner (the console
 * answers for the app), or neither.
 */
export type ModeratorRole = 'moderator' | 'admin' | 'none';

const known = new Map<string, Promise<ModeratorRole>>();

async function askRole(auth: string): Promise<ModeratorRole> {
  const client = createCommentsClient({ appId: MAIN_APP_ID, auth, host: window.location.origin });
  if ((await client.getUser()).info.moderate) return 'moderator';
  try {
    await appDetails(MAIN_APP_ID);
    return 'admin';
  } catch (error) {
    if (isApiFailure(error) && (error.status === 403 || error.status === 401 || error.status === 404)) return 'none';
    throw error;
  }
}

/** The member's role, asked once per token (a failed answer is asked again next time). */
export function moderatorRole(auth: string): Promise<ModeratorRole> {
  let role = known.get(auth);
  if (!role) {
    role = askRole(auth);
    known.set(auth, role);
    role.catch(() => known.delete(auth));
  }
  return role;
}

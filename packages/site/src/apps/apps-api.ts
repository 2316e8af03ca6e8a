import { CommentsApiError } from '@guffaw/comments-client';
import type { ModerationApi } from '@guffaw/comments-widget/moderation';
import { isApiFailure } from '../lib/api';
import { consoleAct, consoleBan, consoleBans, consoleQueue, consoleUnban } from '../lib/endpoints/apps';

/** The console's calls (main API /v1/apps, MODERATION.md "Console"): one typed function each. */
export type { AppDetails, ConsoleApp, ConsoleModerator, RegisteredApp } from '@guffaw/api';

export { addModerator, appDetails, listApps, moderationLog, registerApp, removeModerator, rotateSecret, updateApp } from '../lib/endpoints/apps';

/** Origins typed one per line (or separated by commas or spaces). */
export const splitOrigins = (text: string) => text.split(/[\s,]+/).map((o) => o.trim()).filter(Boolean);

/** The console's failures in the comment client's shape, so the widget's queue shows the server's words. */
async function asCommentsError<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiFailure(error)) throw new CommentsApiError(error.code, error.message, error.status);
    throw error;
  }
}

/** The widget's queue view acting through the console (as owner or admin, without a comment token of the app). */
export function consoleQueueApi(appId: string): ModerationApi {
  return {
    queue: ({ view, sort, cursor }) => asCommentsError(consoleQueue(appId, { view, sort, cursor })),
    async act(action, commentId) {
      await asCommentsError(consoleAct(appId, commentId, action));
    },
    async ban(userId, params) {
      await asCommentsError(consoleBan(appId, { userId, ...params }));
    },
    async unban(userId) {
      await asCommentsError(consoleUnban(appId, userId));
    },
    bans: (cursor) => asCommentsError(consoleBans(appId, cursor)),
  };
}

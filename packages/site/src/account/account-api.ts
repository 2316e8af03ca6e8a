import { getChallenge } from '../lib/endpoints/account';
import { blockPost } from '../lib/endpoints/lists';
import { solveProof } from './proof';

/** The account calls of shell §7 and comments.md §7 (lib/endpoints/account.ts), and the types of their replies. */

/** The replies of login, signup and the blocked users' list (@guffaw/api accounts.ts). */
export type { BlockedUser, LoginReply, SignupReply } from '@guffaw/api';

export type { SignupFields } from '../lib/endpoints/account';

/** The CAPTCHA is a proof of work: solved here, sent as `captcha`; a failed solve is the server's "Wrong CAPTCHA.". */
export async function solveCaptcha(signal?: AbortSignal): Promise<string> {
  const { challenge } = await getChallenge();
  return solveProof(challenge, signal);
}

export type { Challenge } from './proof';

export type { WordListKind } from '../lib/endpoints/account';

/**
 * The block type of a post whose anonymous OP comments the member hid (shell §4 "Hide OP comments"; comments.md §5:
 * anonymous OP comments are filtered when the post is blocked for comments). Our name for it; 'post' hides the post.
 */
export const OP_COMMENTS_BLOCK_TYPE = 'comment';
export const hidePostOpComments = (postId: string) => blockPost(postId, OP_COMMENTS_BLOCK_TYPE);

export {
  addWords, authProviders, BLOCK_PAGE_SIZE, blockList, checkResetToken, forgotPassword, logIn, removeWords, resetPassword,
  setThreadFollowed, signUp, unlink,
} from '../lib/endpoints/account';
export { saveSettings, setBlocked } from '../lib/endpoints/session';

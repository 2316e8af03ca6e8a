import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { MAIN_APP_ID } from '../../main-app.js';

/** What every part of the posts module shares: its context and the constants of its lists. */

/** Posts per page of every list (the client groups them in streams of 2, 3 then 5). */
export const PAGE_SIZE = 10;
/** The comment service's app id of the main site (DESIGN.md; defined in src/main-app.ts). */
export const MAIN_COMMENT_APP = MAIN_APP_ID;
/** News lists draw from the interest with this key. */
export const NEWS_INTEREST = 'news';

export type PostsContext = { db: Database; config: Config };

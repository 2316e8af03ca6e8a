import type { Migration, MigrationProvider } from 'kysely';
import * as core from './0001-core.js';
import * as accounts from './0002-accounts.js';
import * as feeds from './0003-feeds.js';
import * as analytics from './0004-analytics.js';
import * as uploads from './0005-uploads.js';
import * as ads from './0006-ads.js';
import * as commentsPerf from './0007-comments-perf.js';
import * as feedIndexes from './0008-feed-indexes.js';
import * as commentRankChanges from './0009-comment-rank-changes.js';
import * as postOffensive from './0010-post-offensive.js';
import * as postTagsRecency from './0011-post-tags-recency.js';
import * as postInterestsRecency from './0012-post-interests-recency.js';
import * as postTagsType from './0013-post-tags-type.js';
import * as postBlocksType from './0014-post-blocks-type.js';
import * as commentMediaUse from './0015-comment-media-use.js';
import * as anonymousOpComments from './0016-anonymous-op-comments.js';
import * as commentFollowsBlocks from './0017-comment-follows-blocks.js';
import * as emailNotifications from './0018-email-notifications.js';
import * as webhooks from './0019-webhooks.js';
import * as commentImports from './0020-comment-imports.js';
import * as moderation from './0021-moderation.js';
import * as siteOrigin from './0023-site-origin.js';

/**
 * Migrations are imported, not read from disk, so the compiled server and the tests run the same list. 0022 was reserved
 * and never used: the next migration is 0024 (Kysely refuses one that sorts before a migration a database already ran).
 */
export const migrations: Record<string, Migration> = {
  '0001-core': core,
  '0002-accounts': accounts,
  '0003-feeds': feeds,
  '0004-analytics': analytics,
  '0005-uploads': uploads,
  '0006-ads': ads,
  '0007-comments-perf': commentsPerf,
  '0008-feed-indexes': feedIndexes,
  '0009-comment-rank-changes': commentRankChanges,
  '0010-post-offensive': postOffensive,
  '0011-post-tags-recency': postTagsRecency,
  '0012-post-interests-recency': postInterestsRecency,
  '0013-post-tags-type': postTagsType,
  '0014-post-blocks-type': postBlocksType,
  '0015-comment-media-use': commentMediaUse,
  '0016-anonymous-op-comments': anonymousOpComments,
  '0017-comment-follows-blocks': commentFollowsBlocks,
  '0018-email-notifications': emailNotifications,
  '0019-webhooks': webhooks,
  '0020-comment-imports': commentImports,
  '0021-moderation': moderation,
  '0023-site-origin': siteOrigin,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

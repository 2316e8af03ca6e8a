/**
 * The moderators' chunk: loaded on demand by lazy.ts inside the widget (readers never load it), and the package's
 * `@guffaw/comments-widget/moderation` entry for a host's own moderation page (the site's /moderation).
 */
export { ModerationQueue, type ModerationQueueProps } from './moderation-queue.js';
export { ModerationPage, type ModerationPageProps } from './moderation-page.js';
export { clientModerationApi, type ModerationApi, type QueueAction } from './moderation-api.js';

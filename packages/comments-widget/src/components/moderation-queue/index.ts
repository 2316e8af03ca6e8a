export { ModerationQueue, ModerationPage, loadModeration } from './lazy.js';
export type { ModerationQueueProps } from './moderation-queue.js';
export type { ModerationPageProps } from './moderation-page.js';
export { clientModerationApi, type ModerationApi, type QueueAction } from './moderation-api.js';

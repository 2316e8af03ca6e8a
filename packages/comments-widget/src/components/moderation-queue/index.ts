export { ModerationQueue, ModerationPage, loadModeration } from './lazy.js';
export type { ModerationQueueProps } from './moderation-queue.js';
export type { ModerationPageProps } from './moderation-page.js';
export type { ModerationApi, QueueAction } from './moderation-api.js';

/** The moderators' chunk, loaded on demand by lazy.tsx: readers never load it. */
export { ModerationQueue } from './moderation-queue.js';
export { ModerationPage } from './moderation-page.js';

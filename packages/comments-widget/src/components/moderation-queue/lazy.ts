import { chunk, lazyPart } from '../lazy-parts.js';

/**
 * The queue view is a chunk of its own (a dynamic import), not one of ../lazy-parts.tsx's: readers open menus and
 * dialogs, only moderators the queue, so nobody else loads it. A part renders nothing until the chunk is in.
 */
const moderation = chunk(() => import('./parts.js'));

/** Loads the queue's chunk (tests await it). */
export const loadModeration = moderation.load;
/** The moderation queue view (moderation-queue.tsx), loaded when first shown. */
export const ModerationQueue = lazyPart(moderation, 'ModerationQueue');
/** The queue on a page of its own with its own stores (moderation-page.tsx), loaded when first shown. */
export const ModerationPage = lazyPart(moderation, 'ModerationPage');

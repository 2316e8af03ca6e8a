export { CommentList } from './comment-list.js';
export { useVisibleIds } from './use-visible-ids.js';

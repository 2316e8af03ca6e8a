export { CommentList, sortPanelId } from './comment-list.js';
export { useVisibleIds } from './use-visible-ids.js';

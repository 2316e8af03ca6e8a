export { CommentItem, REPORT_FAILED, REPORTED, type CommentItemProps } from './comment-item.js';

export { Comments, CommentSection, type CommentsProps, type Theme } from './comments.js';

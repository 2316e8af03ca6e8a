export { CommentBody } from './comment-body.js';

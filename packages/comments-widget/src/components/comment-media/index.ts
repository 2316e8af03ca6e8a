export { CommentMedia, fitMedia, LinkCard, MEDIA_MAX_HEIGHT, MEDIA_MAX_WIDTH } from './comment-media.js';

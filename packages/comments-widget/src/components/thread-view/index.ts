export { FollowButton, ThreadView } from '../lazy-parts.js';

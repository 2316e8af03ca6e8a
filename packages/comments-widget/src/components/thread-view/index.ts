export { FollowButton, ThreadView } from './thread-view.js';

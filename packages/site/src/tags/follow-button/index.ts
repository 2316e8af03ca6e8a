export { FollowButton, FollowHeader } from './follow-button';

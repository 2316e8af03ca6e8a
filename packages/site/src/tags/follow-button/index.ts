export { FOLLOW_FAILED, FollowButton, FollowHeader } from './follow-button';

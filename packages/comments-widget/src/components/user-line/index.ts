export { Avatar, UserBadges, UserLine } from './user-line.js';

export { ActionMenu, type MenuAction } from './action-menu.js';

export { ConfirmDialog, Dialog } from '../lazy-parts.js';

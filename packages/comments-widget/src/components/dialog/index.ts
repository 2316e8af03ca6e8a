export { ConfirmDialog, Dialog } from './dialog.js';

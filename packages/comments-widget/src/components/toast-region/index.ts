export { ToastRegion } from './toast-region.js';

export { Dialog, type DialogProps } from './dialog';
export { isScrollLocked, lockScroll } from './scroll-lock';

export { BACK_TO_TOP_AFTER_PX, BACK_TO_TOP_CHECK_MS, BackToTop } from './back-to-top';

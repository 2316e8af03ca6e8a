export { ReportDialog } from '../lazy-parts.js';
export { REPORT_REASONS, type ReportChoice } from './reasons.js';

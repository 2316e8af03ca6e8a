export { REPORT_REASONS, ReportDialog, type ReportChoice } from './report-dialog.js';

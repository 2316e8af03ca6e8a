/** What lazy-parts.tsx loads on demand, as one chunk. */
export { MenuList } from './action-menu/menu-list.js';
export { Attachments } from './composer/attachments.js';
export { BanNotice } from './composer/ban-notice.js';
export { MentionPicker } from './composer/mention-picker.js';
export { ConfirmDialog, Dialog } from './dialog/dialog.js';
export { EmailSettings } from './email-settings/email-settings.js';
export { ReportDialog } from './report-dialog/report-dialog.js';
export { SectionTools } from './section-tools/section-tools.js';
export { FollowButton, ThreadView } from './thread-view/thread-view.js';

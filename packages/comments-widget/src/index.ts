/** @guffaw/comments-widget: the Guffaw comment system for React (and Preact through preact/compat). */
export { Comments, CommentSection, type CommentsProps, type Theme } from './components/comments/index.js';
export { CommentList, useVisibleIds } from './components/comment-list/index.js';
export { ThreadView, FollowButton } from './components/thread-view/index.js';
export { CommentItem, REPORTED, REPORT_FAILED, type CommentItemProps } from './components/comment-item/index.js';
export { CommentBody } from './components/comment-body/index.js';
export { CommentMedia, LinkCard, fitMedia, MEDIA_MAX_HEIGHT, MEDIA_MAX_WIDTH } from './components/comment-media/index.js';
export { Composer, mentionOf, type ComposerProps } from './components/composer/index.js';
export { SortTabs } from './components/sort-tabs/index.js';
export { SectionTools, SECTION_STATUSES } from './components/section-tools/index.js';
export type { ModerationApi, ModerationPageProps, ModerationQueueProps, QueueAction } from './components/moderation-queue/index.js';
export { ReportDialog, REPORT_REASONS, type ReportChoice } from './components/report-dialog/index.js';
export { ToastRegion } from './components/toast-region/index.js';
export { ActionMenu, type MenuAction } from './components/action-menu/index.js';
export { Dialog, ConfirmDialog } from './components/dialog/index.js';
export { Avatar, UserBadges, UserLine } from './components/user-line/index.js';
export {
  createWidgetStores, WidgetProvider, useWidget, useSection, useComposers, useCommentUser, useSettings, useToasts, useT,
  useLanguage, type WidgetOptions, type WidgetStores, type AuthError,
} from './stores/widget-stores.js';
export {
  createSectionStore, applyVote, listKey, threadKey, selectList, selectComment, selectCurrentKey, CACHE_MS, PAGE_COUNT,
  FOLLOWED, UNFOLLOWED, type FollowApi, type FollowStatus, type ListKey, type ListState, type SectionState,
  type SectionActions, type SectionStore, type SectionView,
} from './stores/section-store.js';
export {
  createComposerStore, emptyComposer, selectComposer, MAIN_COMPOSER, MAIN_APP_ID, replyComposerKey, AWAITING_APPROVAL,
  type AttachmentDraft, type ComposerState, type ComposerStore,
} from './stores/composer-store.js';
export {
  createCommentUserStore, selectIsModerator, selectMaxLength, selectUserId, type CommentUserStore, type CommentUserStoreState,
} from './stores/user-store.js';
export {
  createSettingsStore, blockedMessage, unblockedMessage, type BlockApi, type BlockedUser, type SettingsState, type SettingsStore,
} from './stores/settings-store.js';
export { seedFirstPage, type InitialPage } from './stores/first-page.js';
export { createToastStore, UNDO_TOAST_MS, type Toast, type ToastStore } from './stores/toast-store.js';
export { useViewer, useRequireLogin, type ViewerRole } from './stores/viewer.js';
export { loadLanguage, shippedLocale, LANGUAGES } from './i18n/languages.js';
export { createTranslate, type Message, type MessageKey, type Messages, type Translate } from './i18n/translate.js';
export { timeAgo } from './lib/time-ago.js';
export { waitLabel } from './lib/wait-label.js';
export { sortLabels, commentNoun, abbreviate } from './lib/labels.js';
export { RichText, tokenize, type TextToken } from './lib/rich-text.js';
export { isShown, maskOf, DOWNVOTE_MASK_THRESHOLD, type MaskKind, type Viewer } from './lib/visibility.js';

export { registerNotificationPanel, type NotificationPanelProps, type NotificationTab } from './notification-menu';
export { TopBar, type TopBarProps } from './top-bar';

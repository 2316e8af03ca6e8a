import type { ComponentType } from 'react';

export type NotificationTab = 'all' | 'mentions';
export type NotificationPanelProps = { tab: NotificationTab; onDone: () => void };

/**
 * The list drawn inside the top bar's bell dropdown: the notifications feature registers it, the shell's
 * notification menu draws it, and neither imports the other.
 */
let panel: ComponentType<NotificationPanelProps> | null = null;

export function registerNotificationPanel(component: ComponentType<NotificationPanelProps>): void {
  panel = component;
}

export const notificationPanel = (): ComponentType<NotificationPanelProps> | null => panel;

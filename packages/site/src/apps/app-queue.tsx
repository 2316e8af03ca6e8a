import { ModerationPage } from '@guffaw/comments-widget/moderation';
import '@guffaw/comments-widget/styles.css';
import { useMemo } from 'react';
import { currentTheme, useTheme } from '../theme/theme';
import { consoleQueueApi } from './apps-api';

/**
 * The app's queue (Reported, Held, Recent; approve, reject, delete, mask, ban) and its bans: the widget's own queue
 * view, acting through the console's calls as the app's owner or an admin (no comment token of the app needed).
 */
export function AppQueue({ appId }: { appId: string }) {
  const theme = useTheme(currentTheme);
  const api = useMemo(() => consoleQueueApi(appId), [appId]);
  return <ModerationPage appId={appId} auth="" host={window.location.origin} theme={theme} api={api} />;
}

import { useCallback, useState } from 'react';
import { useAds } from '../../ads/ads-store';
import type { AdSlotName } from '../../ads/provider';
import { SidebarAds } from '../../ads/sidebar-ads';
import { useMediaQuery } from '../../lib/use-media-query';
import { RightColumn } from './right-column';

/** The list pages (posts-and-feeds.md §2) whose side column shows popular tags and trending posts when no ad fills it. */
export const RIGHT_COLUMN_ROUTES: ReadonlySet<string> = new Set(['home list', 'tag list', 'interest list', 'search list']);
/** The width from which the shell lays the side column out (shell.module.css .side). */
export const SIDE_COLUMN_QUERY = '(min-width: 768px)';

/**
 * What the shell's side column holds: the sidebar ads while ads are on; on a list page, the right column instead
 * when ads are off (no consent yet or refused, Pro, region) or when neither slot was served a creative. While the
 * ads are still deciding (idle) it stays empty, so a visitor with consent does not see the column come and go. Where
 * the column is not laid out (phones) the right column is not rendered at all, so its posts are not asked for.
 */
export function SideColumn({ route }: { route: string | null }) {
  const status = useAds((s) => s.status);
  const [filled, setFilled] = useState<Partial<Record<AdSlotName, boolean>>>({});
  const onFill = useCallback((slot: AdSlotName, got: boolean) => setFilled((f) => (f[slot] === got ? f : { ...f, [slot]: got })), []);
  const laidOut = useMediaQuery(SIDE_COLUMN_QUERY);
  const list = laidOut && route !== null && RIGHT_COLUMN_ROUTES.has(route);
  const unfilled = filled.sidebar_1 === false && filled.sidebar_2 === false;
  const ads = status === 'on' && !(list && unfilled);
  return (
    <>
      {ads && <SidebarAds onFill={onFill} />}
      {list && !ads && status !== 'idle' && <RightColumn />}
    </>
  );
}

export default SideColumn;

import { AdSlot } from './ad-slot';
import type { AdSlotName } from './provider';

/**
 * posts-and-feeds.md §4 sidebar_1 and sidebar_2, in the shell's side column (sticky under the top nav + 16 px, part
 * of the layout from 768 px whether anything fills it, so it never pushes the page; phones get the inline ads only).
 * `onFill` tells the column which slot was served a creative: on list pages an empty pair gives way to the column's
 * own content. Loaded with the column, out of the home route's first script.
 */
export function SidebarAds({ onFill }: { onFill?: (slot: AdSlotName, filled: boolean) => void }) {
  const slot = (name: AdSlotName) => (
    <AdSlot slot={name} box="sidebar" onFill={(ad) => onFill?.(name, ad !== null && !ad.collapse)} />
  );
  return (
    <aside aria-label="Advertisements" data-testid="ad-slots">
      {slot('sidebar_1')}
      {slot('sidebar_2')}
    </aside>
  );
}

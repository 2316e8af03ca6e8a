import { createStore, useStore } from 'zustand';

/** Open state of the overlay drawer (below the breakpoint); the permanent drawer ignores it. */
export const drawerStore = createStore<{ open: boolean; setOpen(open: boolean): void; toggle(): void }>()((set, get) => ({
  open: false,
  setOpen(open) {
    set({ open });
  },
  toggle() {
    set({ open: !get().open });
  },
}));

export function useDrawer<T>(selector: (s: { open: boolean; setOpen(open: boolean): void; toggle(): void }) => T): T {
  return useStore(drawerStore, selector);
}

/** §2: permanent from 1280 px, or from 1441 px when an ad campaign background is set. */
export const DRAWER_BREAKPOINT = 1280;
export const DRAWER_BREAKPOINT_WITH_CAMPAIGN = 1441;
export const drawerQuery = (campaignBackground: boolean) =>
  `(min-width: ${campaignBackground ? DRAWER_BREAKPOINT_WITH_CAMPAIGN : DRAWER_BREAKPOINT}px)`;

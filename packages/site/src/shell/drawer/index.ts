export { Drawer, DRAWER_ID, type DrawerProps } from './drawer';
export { DRAWER_BREAKPOINT, DRAWER_BREAKPOINT_WITH_CAMPAIGN, drawerQuery, drawerStore, useDrawer } from './drawer-store';
export { drawerSections, isSectionActive, type DrawerSection } from './sections';

/** shell-and-account.md §3 "Tooltip definition" and §2's ids. Anchors carry `data-tooltip-anchor="{id}"`. */
export type TooltipPlacement = 'top' | 'bottom' | 'left' | 'right';
export type TooltipDefinition = {
  id: string;
  /** Shown on any route where its anchor is present. */
  isActive: boolean;
  /**
   * Otherwise only on this route name (the route table's names: routes.tsx, feed/index.tsx). Top and Fresh are home
   * lists; their anchors are only on those lists' pages.
   */
  route: string | null;
  message: string;
  selector: string;
  placement: TooltipPlacement;
  stayVisible?: boolean;
  showRepeatedly?: boolean;
  /** ms; 9000 by default (§9). */
  duration?: number;
};

const anchor = (id: string) => `[data-tooltip-anchor="${id}"]`;

export const tooltipDefinitions: TooltipDefinition[] = [
  { id: 'sectionHeaderTrending', isActive: true, route: null, message: 'Trending: the posts rising fastest right now.', selector: anchor('sectionHeaderTrending'), placement: 'right' },
  { id: 'sectionHeaderFresh', isActive: true, route: null, message: 'Fresh: the newest posts, straight from the oven.', selector: anchor('sectionHeaderFresh'), placement: 'right' },
  { id: 'postPoll', isActive: false, route: 'post', message: 'Vote in the poll to see what everyone picked.', selector: anchor('postPoll'), placement: 'top' },
  { id: 'postRelatedTab', isActive: false, route: 'post', message: 'More posts like this one are here.', selector: anchor('postRelatedTab'), placement: 'bottom' },
  { id: 'pinnedComment', isActive: false, route: 'post', message: 'The poster pinned this comment.', selector: anchor('pinnedComment'), placement: 'top' },
  { id: 'createMemeWelcome', isActive: false, route: 'upload', message: 'Make your own meme from a template.', selector: anchor('createMemeWelcome'), placement: 'bottom' },
  { id: 'topSubTabs', isActive: false, route: 'home list', message: 'Switch between today, this week, month and year.', selector: anchor('topSubTabs'), placement: 'bottom' },
  { id: 'freshRecentTab', isActive: false, route: 'home list', message: 'Recent shows the newest posts first.', selector: anchor('freshRecentTab'), placement: 'bottom' },
];

import { lazy } from 'react';
import type { RouteDefinition } from '../router';
import { registerModal } from '../ui/modals/modal-registry';
import { HomeListPage, HomePage, InterestListPage, TagListPage } from './feed-page';
import { EMBED_LIST_TYPES, HOME_LIST_TYPES, type HomeListType } from './list-routes';
import type { RouteProps } from '../router';

export { FeedList, EMPTY_TEXT, END_TEXT } from './feed-list';
export { PostCard, VoteBar, PostHeader, PostTags, MaskedContent } from './post-card';
export { PostContent } from './post-media';
export { postListStore, usePostList, votePost, toggleSave } from './post-store';
export { menuActions, hidePost, revertHide, type MenuAction, type PostPlace } from './post-actions';
export { PostMenu } from './post-menu';
export type { Post } from './post-types';

/** The report, block-user, blocked-titles and blocked-tags modals load with their first use. */
const modals = () => import('./post-modals');
registerModal('report', lazy(() => modals().then((m) => ({ default: m.ReportModal }))));
registerModal('block-user', lazy(() => modals().then((m) => ({ default: m.BlockUserModal }))));
registerModal('blocked-titles', lazy(() => modals().then((m) => ({ default: m.BlockedTitlesModal }))));
registerModal('blocked-tags', lazy(() => modals().then((m) => ({ default: m.BlockedTagsModal }))));

const fixed = (type: HomeListType) =>
  function HomeList(props: RouteProps) {
    return <HomeListPage {...props} type={type} />;
  };

/** Search results and §2 embedded lists: pages of their own, loaded by their routes only. */
const SearchList = lazy(() => import('./list-parts').then((m) => ({ default: m.SearchListPage })));
const EmbedList = lazy(() => import('./list-parts').then((m) => ({ default: m.EmbedListPage })));

/**
 * The list routes of posts-and-feeds.md §2. Home lists are spelled out one by one (not `/:type`), so a one-segment
 * route added later elsewhere in the table is never taken for a list.
 */
export const feedRoutes: RouteDefinition[] = [
  { name: 'home list', path: '/', component: HomePage },
  ...HOME_LIST_TYPES.flatMap((type) => {
    const component = type === 'home' ? HomePage : fixed(type);
    return [
      { name: 'home list', path: `/${type}`, component },
      { name: 'home list', path: `/${type}/:timeframe`, component },
    ];
  }),
  { name: 'tag list', path: '/tag/:tag', component: TagListPage },
  { name: 'tag list', path: '/tag/:tag/:type', component: TagListPage },
  { name: 'interest list', path: '/interest/:interest', component: InterestListPage },
  { name: 'interest list', path: '/interest/:interest/:type', component: InterestListPage },
  { name: 'search list', path: '/search', component: SearchList },
  // §2 embedded lists: the view alone, without the shell.
  ...EMBED_LIST_TYPES.map((type): RouteDefinition => ({ name: 'embed list', path: `/embed/${type}`, chrome: 'none', component: EmbedList })),
];

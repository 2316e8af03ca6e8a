import type { RouteDefinition } from '../router';
import { HomeListPage, HomePage, InterestListPage, SearchListPage, TagListPage } from './feed-page';
import { HOME_LIST_TYPES, type HomeListType } from './list-routes';
import type { RouteProps } from '../router';

export { FeedList, EMPTY_TEXT, END_TEXT } from './feed-list';
export { PostCard, VoteBar, PostHeader, PostTags, MaskedContent } from './post-card';
export { PostContent } from './post-media';
export { postListStore, usePostList, votePost, toggleSave } from './post-store';
export type { Post } from './post-types';

const fixed = (type: HomeListType) =>
  function HomeList(props: RouteProps) {
    return <HomeListPage {...props} type={type} />;
  };

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
  { name: 'search list', path: '/search', component: SearchListPage },
];

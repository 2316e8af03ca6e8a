import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSiteConfig } from '../config';
import { Link, useLocation, type RouteProps } from '../router';
import { usePageTitle } from '../ui/page-title';
import { canonicalTag, displayTag } from '../tags/canonical';
import { FollowHeader } from '../tags/follow-button';
import { interestKey, keyLabel, useInterests } from '../tags/interests';
import { makeTag, tagStore } from '../tags/tag-store';
import { PoliticsBanner, useMsgParam, VerifyEmailBanner } from './banners';
import { FeedList } from './feed-list';
import {
  FRESH_TABS, HOME_LIST_TYPES, homeListPath, homePageType, homeTabs, interestListPath, NEWS_TABS, tagListPath, TOP_TABS,
  type HomeListType, type ListTab,
} from './list-routes';
import styles from './feed.module.css';

function Tabs({ tabs, current, label, sub = false, tooltip }: { tabs: ListTab[]; current: string; label: string; sub?: boolean; tooltip?: string | undefined }) {
  const list = useRef<HTMLUListElement>(null);
  // On a phone the row scrolls sideways: bring the current tab into it.
  useEffect(() => {
    const row = list.current;
    const active = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && active && row.scrollWidth > row.clientWidth) row.scrollLeft = Math.max(0, active.offsetLeft - row.offsetLeft - 16);
  }, [current]);
  return (
    <nav aria-label={label} data-tooltip-anchor={tooltip}>
      <ul ref={list} className={sub ? styles.subTabs : styles.tabs}>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link className={styles.tab} href={tab.path} aria-current={tab.key === current ? 'page' : undefined} data-tooltip-anchor={tab.tooltip}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const NotFoundPage = lazy(() => import('../ui/empty-state/empty-state'));

const isHomeType = (value: string): value is HomeListType => (HOME_LIST_TYPES as readonly string[]).includes(value);

/** The home lists of §2: /, /home, /{type}/{timeframe?} with the tabs and the sub-tabs of Top, Fresh and News. */
export function HomeListPage({ params, type: fixedType }: RouteProps & { type?: HomeListType }) {
  const { search } = useLocation();
  const { appName, features } = useSiteConfig();
  const raw = fixedType ?? params['type'] ?? 'home';
  const type: HomeListType = isHomeType(raw) ? raw : 'home';
  const timeframe = params['timeframe'];
  const tabs = homeTabs(appName, features, search);
  // §2: the News lists exist only while features.enableNewsList shows their tab (the server answers 404 too).
  const missing = type === 'news' && !tabs.some((t) => t.key === 'news');
  usePageTitle(missing ? 'not-found' : homePageType(type, timeframe));
  if (missing) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }
  const tabKey = type === 'explore' || type === 'fresh' ? (features.exploreTabList ? 'explore' : 'fresh') : type;
  const sub =
    type === 'top' ? TOP_TABS : type === 'fresh' || type === 'explore' ? FRESH_TABS(type) : type === 'news' ? NEWS_TABS : null;
  const subKey = type === 'top' ? (timeframe ?? 'today') : type === 'news' ? (timeframe ?? 'hot') : (timeframe ?? 'for-you');
  const current = tabs.find((t) => t.key === tabKey);
  return (
    <div className={styles.page}>
      <h1 className={styles.visuallyHidden}>{current?.label ?? 'Home'}</h1>
      {type === 'home' && <HomeMessages />}
      <Tabs tabs={tabs} current={tabKey} label="Lists" />
      {sub && <Tabs tabs={sub} current={subKey} label={`${current?.label ?? ''} lists`} sub tooltip={type === 'top' ? 'topSubTabs' : undefined} />}
      <PoliticsBanner />
      <FeedList key={homeListPath(type, timeframe)} path={homeListPath(type, timeframe)} />
    </div>
  );
}

/** §2: only the home list shows the verify-email banner and reads the msg query parameter. */
function HomeMessages() {
  useMsgParam();
  return <VerifyEmailBanner />;
}

const pageWith = (type: HomeListType) =>
  function FixedList(props: RouteProps) {
    return <HomeListPage {...props} type={type} />;
  };
export const HomePage = pageWith('home');

/** /tag/{tag}/{hot|fresh} */
export function TagListPage({ params }: RouteProps) {
  const tag = params['tag'] ?? '';
  const type = params['type'] === 'fresh' ? 'fresh' : 'hot';
  usePageTitle({ type: 'tag', tag });
  // shell-and-account.md §4 Tag lists: a visited tag goes to the drawer's Recents (the store keeps the last 3).
  useEffect(() => {
    if (canonicalTag(tag) !== '') tagStore.getState().addRecent(makeTag(tag));
  }, [tag]);
  const base = `/tag/${encodeURIComponent(tag)}`;
  return (
    <div className={styles.page}>
      <FollowHeader kind="tag" pageKey={canonicalTag(tag)} name={displayTag(canonicalTag(tag))}>
        <h1 className={styles.heading}>#{tag}</h1>
      </FollowHeader>
      <Tabs tabs={[{ key: 'hot', label: 'Hot', path: base }, { key: 'fresh', label: 'Fresh', path: `${base}/fresh` }]} current={type} label="Tag lists" />
      <FeedList key={tagListPath(tag, type)} path={tagListPath(tag, type)} />
    </div>
  );
}

/** /interest/{interest}/{hot|fresh|forum} */
export function InterestListPage({ params }: RouteProps) {
  const interest = params['interest'] ?? '';
  const type = params['type'] === 'fresh' || params['type'] === 'forum' ? params['type'] : 'hot';
  // The interest's own name (shell-and-account.md §3 Interest: name), not its key; the key only until they load.
  const name = useInterests((s) => s.interests.find((i) => interestKey(i) === interest)?.name) ?? keyLabel(interest);
  usePageTitle({ type: 'interest', name });
  const base = `/interest/${encodeURIComponent(interest)}`;
  const tabs = [
    { key: 'hot', label: 'Hot', path: base },
    { key: 'fresh', label: 'Fresh', path: `${base}/fresh` },
    { key: 'forum', label: 'Forum', path: `${base}/forum` },
  ];
  return (
    <div className={styles.page}>
      <FollowHeader kind="interest" pageKey={interest} name={name}>
        <h1 className={styles.heading}>{name}</h1>
      </FollowHeader>
      <Tabs tabs={tabs} current={type} label="Interest lists" />
      <FeedList key={interestListPath(interest, type)} path={interestListPath(interest, type)} />
    </div>
  );
}

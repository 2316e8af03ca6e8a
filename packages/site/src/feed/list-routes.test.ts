import { describe, expect, it } from 'vitest';
import { homeListPath, homePageType, TOP_TABS } from './list-routes';

describe('Top sub-tabs', () => {
  it('are the five of posts-and-feeds.md §2, in order', () => {
    expect(TOP_TABS.map((t) => t.label)).toEqual(['Today', 'This Week', 'Last Month', 'This Year', 'Last Year']);
    expect(TOP_TABS.map((t) => t.path)).toEqual(['/top', '/top/week', '/top/last-month', '/top/year', '/top/last-year']);
  });

  it('each lists a timeframe the server ranks and gets its own page title', () => {
    const timeframes = TOP_TABS.map((t) => t.path.split('/')[2]);
    expect(timeframes.map((tf) => homeListPath('top', tf))).toEqual([
      '/v1/group-posts/type/top',
      '/v1/group-posts/type/top/timeframe/week',
      '/v1/group-posts/type/top/timeframe/last-month',
      '/v1/group-posts/type/top/timeframe/year',
      '/v1/group-posts/type/top/timeframe/last-year',
    ]);
    expect(timeframes.map((tf) => homePageType('top', tf))).toEqual(['top', 'top-week', 'top-last-month', 'top-year', 'top-last-year']);
    // /top/month is a route of §2 without a sub-tab of its own.
    expect(homePageType('top', 'month')).toBe('top-month');
  });
});

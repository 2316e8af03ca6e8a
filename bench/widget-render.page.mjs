// The page side of bench/widget-render.mjs, bundled into one script with production React and the built widget.
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { CommentSection, createWidgetStores, WidgetProvider } from '@guffaw/comments-widget';

const COUNT = 500;
const POST_URL = 'https://guffaw.test/gag/bench';
const now = Math.floor(Date.now() / 1000);

const user = (i) => ({
  userId: `u${i % 50}`, accountId: `a${i % 50}`, avatarUrl: '', displayName: `user${i % 50}`,
  emojiStatus: '', country: 'US', profileUrl: `https://guffaw.test/u/user${i % 50}`, timestamp: now - 86_400 * 100, activeTs: now,
  isActivePro: i % 7 === 0, isActiveProPlus: i % 11 === 0, isVerifiedAccount: i % 13 === 0,
  preferences: { hideProBadge: false, hideActiveTs: false, accentColor: '', backgroundColor: '' },
});
const comment = (i) => ({
  commentId: `c${i}`, text: `Comment number ${i} with a link https://example.com/${i} and a mention @user${(i + 1) % 50}`,
  mediaText: '', user: user(i), type: 'text', level: 1, media: [], links: [],
  mentionMapping: { [`user${(i + 1) % 50}`]: `https://guffaw.test/u/user${(i + 1) % 50}` },
  parent: null, permalink: `${POST_URL}#cs_comment_id=c${i}`, threadId: `c${i}`, timestamp: now - i * 997, isVoteMasked: false,
  likeCount: (i * 37) % 200, dislikeCount: (i * 13) % 20, isPinned: 0, childrenTotal: i % 5, childrenUrl: '', isCollapsed: false,
  isDeleted: false, isSensitive: i % 50 === 0, isOffensive: false, isHidden: false, opStatus: 0,
});
const all = Array.from({ length: COUNT }, (_, i) => comment(i));
const orders = {
  hot: [...all].sort((a, b) => b.likeCount - b.dislikeCount - (a.likeCount - a.dislikeCount)),
  new: [...all].sort((a, b) => b.timestamp - a.timestamp),
  old: [...all].sort((a, b) => a.timestamp - b.timestamp),
};

// A list already paged through to 500 comments: each sort answers with all of them at once.
const client = {
  appId: 'guffaw', setAuth() {}, isLoggedIn: () => true, invalidate() {},
  listComments: async (p) => ({ url: POST_URL, status: 'open', lock: false, total: COUNT, comments: orders[p.type ?? 'hot'], prev: null, next: null, refresh: null, parent: null, level: 1 }),
  getUser: async () => ({ info: { ...user(1), moderate: false, banned: false }, commentedPostUrls: [], reportedPostUrls: [], likeMapping: {}, quota: { count: 10, wait: 0, expiry: now + 3600 } }),
  getApp: async () => ({ appId: 'guffaw', name: 'Guffaw', auth: true, cdnHost: '', host: 'https://guffaw.test', maxMessageLength: 1000, anonymousAvatarUrl: '' }),
};

/**
 * One run in four steps, each a separate call so the harness can read the main thread's CPU time around the two it
 * measures: prepare (stores with both lists loaded), render (the section with 500 comments, React commit plus style
 * and layout), switch (sort to another 500), cleanup.
 */
let run = null;
window.benchPrepare = async () => {
  const stores = createWidgetStores(client, { url: POST_URL, sort: 'hot' });
  await stores.user.getState().load();
  await stores.section.getState().loadFirst('list:hot');
  await stores.section.getState().loadFirst('list:new');
  const container = document.createElement('div');
  document.body.append(container);
  run = { stores, container, app: createRoot(container) };
};
window.benchRender = () => {
  const { stores, container, app } = run;
  const t = performance.now();
  flushSync(() => app.render(createElement(WidgetProvider, { stores }, createElement(CommentSection, { theme: 'light' }))));
  void document.body.offsetHeight;
  const ms = performance.now() - t;
  const rendered = container.querySelectorAll('[role="tabpanel"]:not([hidden]) article').length;
  if (rendered !== COUNT) throw new Error(`rendered ${rendered} comments, expected ${COUNT}`);
  return ms;
};
window.benchSwitch = () => {
  const { stores, container } = run;
  const t = performance.now();
  flushSync(() => void stores.section.getState().setSort('new'));
  void document.body.offsetHeight;
  const ms = performance.now() - t;
  if (container.querySelector('[role="tabpanel"]:not([hidden]) article')?.getAttribute('aria-label') !== `Comment by ${orders.new[0].user.displayName}`) throw new Error('sort did not switch');
  return ms;
};
window.benchCleanup = () => {
  run.app.unmount();
  run.container.remove();
  run = null;
};

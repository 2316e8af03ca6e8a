import { useEffect, useState, type ReactNode } from 'react';
import { createCommentsClient, type Comment, type CommentUserInfo } from '@guffaw/comments-client';
import {
  createCommentServiceHandlers, makeComment, makeMediaItem, makeUser, makeUserInfo, FIXTURE_NOW, type CommentServiceOptions,
} from '../../../test-utils/src/comments/index.js';
import { createWidgetStores, WidgetProvider, type WidgetOptions, type WidgetStores } from '../stores/widget-stores.js';
import '../styles/styles.css';

/** Shared pieces of the widget's stories: the fake comment service (MSW), people, sample comments. */
export const STORY_URL = 'https://guffaw.test/gag/post1';
/** The fake service answers on any origin; an absolute host keeps requests valid outside a browser too. */
export const STORY_HOST = typeof location === 'undefined' ? 'http://localhost' : location.origin;

export const people = {
  member: makeUserInfo({ userId: 'member', accountId: 'member', displayName: 'you', profileUrl: 'https://guffaw.test/u/you' }),
  op: makeUserInfo({ userId: 'op', accountId: 'op', displayName: 'op', profileUrl: 'https://guffaw.test/u/op' }),
  moderator: makeUserInfo({ userId: 'mod', accountId: 'mod', displayName: 'moderator', moderate: true, profileUrl: 'https://guffaw.test/u/moderator' }),
};
/** auth token -> user, as the fake service reads it. */
export const tokens: Record<string, CommentUserInfo> = { member: people.member, op: people.op, moderator: people.moderator };

const ada = makeUser({ userId: 'ada', accountId: 'ada', displayName: 'ada', profileUrl: 'https://guffaw.test/u/ada', isActivePro: true });
const bob = makeUser({ userId: 'bob', accountId: 'bob', displayName: 'bob', profileUrl: 'https://elsewhere.test/bob', isActiveProPlus: true, isVerifiedAccount: true });
const ago = (s: number) => FIXTURE_NOW - s;

/** A varied section: mentions and links, media, badges, a pinned comment, replies. */
export function sampleComments(): Comment[] {
  return [
    makeComment({ commentId: '101', user: ada, text: 'This is the best thing I have seen all week @bob', mentionMapping: { bob: 'https://guffaw.test/u/bob' }, likeCount: 42, dislikeCount: 1, childrenTotal: 2, timestamp: ago(30), isPinned: 1 }),
    makeComment({ commentId: '102', user: bob, text: 'Source: https://example.com/original-post', likeCount: 7, timestamp: ago(3600 * 5) }),
    makeComment({ commentId: '103', user: people.member, text: 'My own comment, with a picture', media: [makeMediaItem()], type: 'userMedia', likeCount: 3, timestamp: ago(86_400 * 3) }),
    makeComment({ commentId: '104', user: people.op, text: 'OP here, thanks everyone', opStatus: 1, likeCount: 12, timestamp: ago(86_400 * 20) }),
    makeComment({ commentId: '201', user: bob, parent: '101', threadId: '101', text: 'Agreed, @ada', mentionMapping: { ada: 'https://guffaw.test/u/ada' }, timestamp: ago(20) }),
    makeComment({ commentId: '202', user: people.member, parent: '101', threadId: '101', text: 'Same here', timestamp: ago(10) }),
  ];
}

export const maskedComments = (): Comment[] => [
  makeComment({ commentId: '301', user: ada, text: 'Sensitive words', isSensitive: true, timestamp: ago(120) }),
  makeComment({ commentId: '302', user: bob, text: 'Offensive words', isOffensive: true, timestamp: ago(240) }),
  makeComment({ commentId: '303', user: ada, text: 'A very unpopular take', likeCount: 1, dislikeCount: 30, timestamp: ago(360) }),
];

export const deletedComments = (): Comment[] => [
  makeComment({ commentId: '401', user: ada, text: '', isDeleted: true, childrenTotal: 1, timestamp: ago(500) }),
  makeComment({ commentId: '402', user: bob, parent: '401', threadId: '401', text: 'Reply to a deleted comment', timestamp: ago(400) }),
  makeComment({ commentId: '403', user: bob, text: 'Still here', timestamp: ago(300) }),
];

export const anonymousOpComments = (): Comment[] => [
  makeComment({ commentId: '501', user: people.op, text: 'Posting this one anonymously', opStatus: 2, timestamp: ago(90) }),
  ...sampleComments().slice(1, 3),
];

/** A comment of 20 lines, cut after 12 with "Read more". */
export const longComments = (): Comment[] => [
  makeComment({
    commentId: '601', user: ada, timestamp: ago(60),
    text: Array.from({ length: 20 }, (_, i) => `Line ${i + 1} of a long story that goes on and on`).join('\n'),
  }),
];

/** One comment with `count` replies (the thread-of-500 story). */
export function bigThread(count: number): Comment[] {
  const top = makeComment({ commentId: '9000', user: ada, text: 'Reply below, everyone', childrenTotal: count, timestamp: ago(86_400) });
  const replies = Array.from({ length: count }, (_, i) => makeComment({
    commentId: String(10_000 + i), user: i % 2 ? bob : ada, parent: '9000', threadId: '9000', text: `Reply number ${i + 1}`, timestamp: ago(86_400 - i * 60),
  }));
  return [top, ...replies];
}

/** The MSW handlers of a story's section. */
export const serviceFor = (comments: Comment[], extra: Omit<CommentServiceOptions, 'pages' | 'users'> & { lock?: boolean } = {}) => {
  const { lock = false, ...rest } = extra;
  return createCommentServiceHandlers({ users: tokens, ops: { [STORY_URL]: 'op' }, pages: [{ url: STORY_URL, lock, comments }], ...rest }).handlers;
};

export const followApi = { status: async () => false, set: async () => undefined };
export const blockApi = { block: async () => undefined, unblock: async () => undefined };

/**
 * Stores for a story of one piece: a real client against the fake service, the viewer and the first list (or a
 * thread) loaded on mount.
 */
export function StoryStores({ auth = null, thread, options = {}, theme = 'light', children }: {
  auth?: string | null;
  thread?: string;
  options?: Partial<WidgetOptions>;
  theme?: 'light' | 'dark' | 'system';
  children: ReactNode;
}) {
  const [stores] = useState<WidgetStores>(() => createWidgetStores(createCommentsClient({ appId: 'guffaw', auth, host: STORY_HOST }), {
    url: STORY_URL, followApi, blockApi, onRequireLogin: () => window.alert('Log in first'), ...options,
  }));
  useEffect(() => {
    void stores.user.getState().load();
    const loading = thread ? stores.section.getState().openThread(thread) : stores.section.getState().loadFirst(`list:${stores.section.getState().sort}`);
    loading.catch(() => undefined);
  }, [stores, thread]);
  return (
    <WidgetProvider stores={stores}>
      <div className="gfw-root" data-theme={theme} style={{ padding: 16, maxWidth: 720 }}>{children}</div>
    </WidgetProvider>
  );
}

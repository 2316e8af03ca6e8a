import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createCommentsClient, type Comment, type CommentUserInfo } from '@guffaw/comments-client';
import type { HttpHandler } from 'msw';
import { action } from 'storybook/actions';
import {
  createCommentServiceHandlers, makeComment, makeUser, makeUserInfo, FIXTURE_NOW, type CommentServiceFake, type CommentServiceOptions,
} from '@guffaw/test-utils/comments';
import type { Messages } from '../i18n/translate.js';
import { createWidgetStores, useLanguage, WidgetProvider, type WidgetOptions, type WidgetStores } from '../stores/widget-stores.js';
import { storyMedia } from './story-kit-media.js';
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
    makeComment({ commentId: '103', user: people.member, text: 'My own comment, with a picture', media: [storyMedia.picture()], type: 'userMedia', likeCount: 3, timestamp: ago(86_400 * 3) }),
    makeComment({ commentId: '104', user: people.op, text: 'OP here, thanks everyone', opStatus: 1, likeCount: 12, timestamp: ago(86_400 * 20) }),
    makeComment({ commentId: '201', user: bob, parent: '101', threadId: '101', text: 'Agreed, @ada', mentionMapping: { ada: 'https://guffaw.test/u/ada' }, timestamp: ago(20) }),
    makeComment({ commentId: '202', user: people.member, parent: '101', threadId: '101', text: 'Same here', timestamp: ago(10) }),
  ];
}

/** A comment with animated media (a GIF as the service serves it). */
export const animatedComments = (): Comment[] => [
  makeComment({ commentId: '105', user: bob, text: 'When the build passes first try', media: [storyMedia.animated()], likeCount: 5, timestamp: ago(600) }),
];

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

/**
 * A story's fake comment service: `parameters.msw.handlers` calls it each time the story loads, so every visit (and
 * every test run) starts from `comments` and a journey's changes stay within it; `fake()` is the service of the
 * latest load, for a play function to read what the service now holds.
 */
export type StoryService = (() => HttpHandler[]) & { fake: () => CommentServiceFake };

/** The MSW handlers of a story's section, made afresh on each load (see StoryService). */
export function serviceFor(comments: Comment[], extra: Omit<CommentServiceOptions, 'pages' | 'users'> & { lock?: boolean } = {}): StoryService {
  const { lock = false, ...rest } = extra;
  let latest: CommentServiceFake | null = null;
  const handlers = () => {
    latest = createCommentServiceHandlers({
      users: tokens, ops: { [STORY_URL]: 'op' }, pages: [{ url: STORY_URL, lock, comments: structuredClone(comments) }], ...rest,
    });
    return latest.handlers;
  };
  return Object.assign(handlers, {
    fake: () => {
      if (!latest) throw new Error('The story has not loaded its service yet');
      return latest;
    },
  });
}

export const followApi = { status: async () => false, set: async () => undefined };
export const blockApi = { block: async () => undefined, unblock: async () => undefined };

/** The toolbar's language (preview's withLocale decorator): its tag, and its catalogue once the loader has it. */
export type StoryLanguageValue = { locale: string; catalogue?: Messages | undefined };
export const StoryLanguage = createContext<StoryLanguageValue>({ locale: 'en' });

/**
 * Stores for a story of one piece: a real client against the fake service, the viewer and the first list (or a
 * thread) loaded on mount (none with `load={false}`: a piece that needs only the language). The stores speak the
 * toolbar's language; the theme is the widget's "system", which follows the toolbar's <html data-theme>.
 */
export function StoryStores({ auth = null, thread, options = {}, theme = 'system', load = true, children }: {
  auth?: string | null;
  thread?: string;
  options?: Partial<WidgetOptions>;
  theme?: 'light' | 'dark' | 'system';
  load?: boolean;
  children: ReactNode;
}) {
  const { locale, catalogue } = useContext(StoryLanguage);
  const [stores] = useState<WidgetStores>(() => createWidgetStores(createCommentsClient({ appId: 'guffaw', auth, host: STORY_HOST }), {
    url: STORY_URL, followApi, blockApi, onRequireLogin: action('onRequireLogin'), locale, catalogue, ...options,
  }));
  useEffect(() => {
    if (!load) return;
    void stores.user.getState().load();
    const loading = thread ? stores.section.getState().openThread(thread) : stores.section.getState().loadFirst(`list:${stores.section.getState().sort}`);
    loading.catch(() => undefined);
  }, [stores, thread, load]);
  return (
    <WidgetProvider stores={stores}>
      <StoryRoot theme={theme}>{children}</StoryRoot>
    </WidgetProvider>
  );
}

/** The widget's root for a piece, in its language and direction as CommentSection sets them. */
function StoryRoot({ theme, children }: { theme: 'light' | 'dark' | 'system'; children: ReactNode }) {
  const { locale, dir } = useLanguage();
  return <div className="gfw-root" data-theme={theme} lang={locale} dir={dir} style={{ padding: 16, maxWidth: 720 }}>{children}</div>;
}

/** A piece that reads no service (a dialog, a user line, media): the widget's root and language only. */
export const StoryFrame = ({ children }: { children: ReactNode }) => <StoryStores load={false}>{children}</StoryStores>;

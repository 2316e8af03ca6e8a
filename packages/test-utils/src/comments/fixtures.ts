import type {
  Comment, CommentAppInfo, CommentPage, CommentUser, CommentUserInfo, CommentUserState, MediaItem, Quota,
} from '@guffaw/comments-client';
import type { FakeBan } from './fake-service-types.js';

/** Fixture factories for the comment service's wire types: every field filled, overrides win. */

let sequence = 0;
/** A fresh id each call ("1", "2", ...), stable order within a test run. */
export const nextId = (): string => String(++sequence);
/** Fixed clock of the fixtures: 2026-01-15 12:00:00 UTC, in unix seconds. */
export const FIXTURE_NOW = 1_768_478_400;
/** The test run's own clock, in unix seconds: for what is shown relative to now (active lately, quota expiry). */
export const NOW_S = Math.floor(Date.now() / 1000);

export function makeUser(overrides: Partial<CommentUser> = {}): CommentUser {
  const userId = overrides.userId ?? nextId();
  return {
    userId,
    accountId: userId,
    avatarUrl: '',
    displayName: `user${userId}`,
    emojiStatus: '',
    country: 'US',
    profileUrl: `https://guffaw.test/u/user${userId}`,
    timestamp: FIXTURE_NOW - 86_400 * 30,
    activeTs: FIXTURE_NOW - 60,
    isActivePro: false,
    isActiveProPlus: false,
    isVerifiedAccount: false,
    preferences: { hideProBadge: false, hideActiveTs: false, accentColor: '', backgroundColor: '' },
    ...overrides,
  };
}

export function makeUserInfo(overrides: Partial<CommentUserInfo> = {}): CommentUserInfo {
  return { ...makeUser(overrides), moderate: false, banned: false, ...overrides };
}

export function makeQuota(overrides: Partial<Quota> = {}): Quota {
  return { count: 10, wait: 0, expiry: FIXTURE_NOW + 3600, ...overrides };
}

export function makeUserState(overrides: Partial<CommentUserState> = {}): CommentUserState {
  return {
    info: makeUserInfo(),
    commentedPostUrls: [],
    reportedPostUrls: [],
    likeMapping: {},
    quota: makeQuota(),
    ...overrides,
  };
}

/** A 4:3 still image (a data URI, so stories and tests never touch the network). */
export function makeMediaItem(overrides: Partial<MediaItem> = {}): MediaItem {
  const url =
    'data:image/svg+xml,' +
    encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#8a8"/></svg>');
  return { type: 'static', image: { url, width: 400, height: 300 }, ...overrides };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  const commentId = overrides.commentId ?? nextId();
  const parent = overrides.parent ?? null;
  const level = overrides.level ?? (parent ? 2 : 1);
  return {
    commentId,
    text: `Comment ${commentId}`,
    mediaText: '',
    user: makeUser(),
    type: overrides.media && overrides.media.length > 0 ? 'userMedia' : 'text',
    level,
    media: [],
    links: [],
    mentionMapping: {},
    parent,
    permalink: `https://guffaw.test/gag/post1#cs_comment_id=${commentId}`,
    threadId: parent ?? commentId,
    // Numbered ids come in order, one a minute before the last; named ids two minutes before the clock.
    timestamp: FIXTURE_NOW - (Number(commentId) || 2) * 60,
    isVoteMasked: false,
    likeCount: 0,
    dislikeCount: 0,
    isPinned: 0,
    childrenTotal: 0,
    childrenUrl: '',
    isCollapsed: false,
    isDeleted: false,
    isSensitive: false,
    isOffensive: false,
    isHidden: false,
    opStatus: 0,
    ...overrides,
  };
}

export function makePage(overrides: Partial<CommentPage> = {}): CommentPage {
  const comments = overrides.comments ?? [];
  return {
    url: 'https://guffaw.test/gag/post1',
    status: 'open',
    lock: false,
    total: comments.length,
    comments,
    prev: null,
    next: null,
    refresh: null,
    parent: null,
    level: 1,
    ...overrides,
  };
}

export function makeApp(overrides: Partial<CommentAppInfo> = {}): CommentAppInfo {
  return {
    appId: 'guffaw',
    name: 'Guffaw',
    auth: true,
    cdnHost: '',
    host: 'https://guffaw.test',
    maxMessageLength: 1000,
    anonymousAvatarUrl: '',
    ...overrides,
  };
}

/** A ban as the fake service holds one (its `state.banned`, by userId): for good, from the fixture clock, unless overridden. */
export function makeBan(user: CommentUser, overrides: Partial<FakeBan> = {}): FakeBan {
  const { userId, accountId, displayName, avatarUrl } = user;
  return { user: { userId, accountId, displayName, avatarUrl }, reason: '', bannedAt: new Date(FIXTURE_NOW * 1000).toISOString(), until: null, bannedBy: 'moderator', ...overrides };
}

/** Named members for tests and stories that read better with people than with numbers; timestamps relative to now. */
const member = (name: string, overrides: Partial<CommentUser> = {}): CommentUser =>
  makeUser({
    userId: `u-${name}`,
    accountId: `a-u-${name}`,
    avatarUrl: 'https://cdn.example.com/avatars/ada.png',
    displayName: name,
    country: 'GB',
    profileUrl: `https://guffaw.example.com/u/${name}`,
    timestamp: NOW_S - 86_400 * 400,
    activeTs: NOW_S - 60,
    ...overrides,
  });

export const users = {
  ada: member('ada'),
  bob: member('bob', { isActivePro: true }),
  cat: member('cat', { profileUrl: 'https://elsewhere.example.com/cat', isActiveProPlus: true, isVerifiedAccount: true }),
  op: member('op'),
  mod: member('mod', { displayName: 'moderator', profileUrl: 'https://guffaw.example.com/u/moderator' }),
};

/** A signed-in reader's state (user.json): `moderate` sets the moderator flag of its info. */
export const userState = (user: CommentUser = users.ada, overrides: Partial<CommentUserState> & { moderate?: boolean } = {}): CommentUserState => {
  const { moderate = false, ...rest } = overrides;
  return makeUserState({ info: { ...user, moderate, banned: false }, quota: makeQuota({ count: 20, expiry: NOW_S + 3600 }), ...rest });
};

export const staticMedia: MediaItem = {
  type: 'static',
  image: { url: 'https://cdn.example.com/media/cat-1200x900.jpg', width: 1200, height: 900 },
};
export const tallMedia: MediaItem = {
  type: 'static',
  image: { url: 'https://cdn.example.com/media/tall-600x1800.jpg', width: 600, height: 1800 },
};
export const animatedMedia: MediaItem = {
  type: 'animated',
  image: { url: 'https://cdn.example.com/media/dance.jpg', width: 480, height: 270 },
  animated: { url: 'https://cdn.example.com/media/dance.mp4', type: 'video/mp4', width: 480, height: 270 },
};

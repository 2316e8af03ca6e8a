import type { Comment, CommentAppInfo, CommentUser, CommentUserState, MediaItem } from '@guffaw/comments-client';

/** Comment fixtures for widget tests, stories and benchmarks. Timestamps are unix seconds. */
export const NOW_S = Math.floor(Date.now() / 1000);

export function makeUser(over: Partial<CommentUser> = {}): CommentUser {
  const id = over.userId ?? 'u-ada';
  return {
    userId: id,
    accountId: `a-${id}`,
    avatarUrl: 'https://cdn.example.com/avatars/ada.png',
    displayName: 'ada',
    emojiStatus: '',
    country: 'GB',
    profileUrl: 'https://guffaw.example.com/u/ada',
    timestamp: NOW_S - 86_400 * 400,
    activeTs: NOW_S - 60,
    isActivePro: false,
    isActiveProPlus: false,
    isVerifiedAccount: false,
    preferences: { hideProBadge: false, hideActiveTs: false, accentColor: '', backgroundColor: '' },
    ...over,
  };
}

export const users = {
  ada: makeUser(),
  bob: makeUser({ userId: 'u-bob', displayName: 'bob', profileUrl: 'https://guffaw.example.com/u/bob', isActivePro: true }),
  cat: makeUser({ userId: 'u-cat', displayName: 'cat', profileUrl: 'https://elsewhere.example.com/cat', isActiveProPlus: true, isVerifiedAccount: true }),
  op: makeUser({ userId: 'u-op', displayName: 'op', profileUrl: 'https://guffaw.example.com/u/op' }),
  mod: makeUser({ userId: 'u-mod', displayName: 'moderator', profileUrl: 'https://guffaw.example.com/u/moderator' }),
};

let seq = 0;
export function makeComment(over: Partial<Comment> = {}): Comment {
  const id = over.commentId ?? `c${++seq}`;
  const level = over.level ?? (over.parent ? 2 : 1);
  return {
    commentId: id,
    text: `Comment ${id}`,
    mediaText: '',
    user: users.ada,
    type: 'text',
    level,
    media: [],
    links: [],
    mentionMapping: {},
    parent: null,
    permalink: `https://guffaw.example.com/gag/p1#cs_comment_id=${id}`,
    threadId: over.parent ?? id,
    timestamp: NOW_S - 120,
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
    ...over,
  };
}

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

export const appInfo = (over: Partial<CommentAppInfo> = {}): CommentAppInfo => ({
  appId: 'guffaw',
  name: 'Guffaw',
  auth: true,
  cdnHost: 'https://cdn.example.com',
  host: 'https://guffaw.example.com',
  maxMessageLength: 1000,
  anonymousAvatarUrl: 'https://cdn.example.com/avatars/anonymous.png',
  ...over,
});

export const userState = (user: CommentUser = users.ada, over: Partial<CommentUserState> & { moderate?: boolean } = {}): CommentUserState => {
  const { moderate = false, ...rest } = over;
  return {
    info: { ...user, moderate, banned: false },
    commentedPostUrls: [],
    reportedPostUrls: [],
    likeMapping: {},
    quota: { count: 20, wait: 0, expiry: NOW_S + 3600 },
    ...rest,
  };
};

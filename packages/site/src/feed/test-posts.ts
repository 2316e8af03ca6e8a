import type { Post } from './post-types';

const base = 'http://api.test';

/** A post as the list calls send it, for tests and stories. */
export function makePost(id: string, overrides: Partial<Post> = {}): Post {
  return {
    id, title: `Post ${id}`, description: '', type: 'Photo', url: `${base}/gag/${id}`, postUrl: `${base}/gag/${id}`, shareUrl: `${base}/gag/${id}`,
    nsfw: false, isOffensive: false, isAnonymous: false, isMeme: true, creationTs: Math.floor(Date.now() / 1000) - 60, creator: null, interests: [], tags: [{ key: 'cats', url: '/tag/cats' }],
    commentsCount: 3, comment: { canAnonymous: false, pinnedCommentCount: 0 }, upVoteCount: 10, downVoteCount: 2, isVoteMasked: false, gamFlagged: false, promoted: 0,
    hasLongPostCover: false, credit: null, ctaData: null,
    sourceDomain: '', sourceUrl: '', images: { image460: { url: '/m/a460.jpg', webpUrl: '/m/a460.webp', width: 460, height: 300 }, image700: { url: '/m/a700.jpg', webpUrl: '/m/a700.webp', width: 700, height: 456 } },
    video: null, article: null, awardUsers: [], awardUsersCount: 0, polling: null, sensitiveCover: false, maskCoverUrl: null, ...overrides,
  };
}


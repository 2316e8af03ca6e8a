import { IdPool, Random } from './random.js';
import type { PictureSpec } from './images.js';
import type { ClipSpec } from './clips.js';
import {
  ABOUTS, ARTICLE_PATTERNS, ARTICLE_SECTIONS, ARTICLES, CAPTIONS, COLLECTIONS, COMMENTS, COUNTRIES, DESCRIPTIONS, EMOJI_STATUSES, FORUM_ANSWERS,
  FORUM_QUESTIONS, FULL_NAMES, INTERESTS, OFFENSIVE_COMMENTS, POLLS, REACTIONS, REPLIES, SENSITIVE_COMMENTS, SITUATIONS, TAGS, TEXT_POSTS,
  TITLE_PATTERNS, USERNAMES, type InterestSeed, type TagSeed,
} from './words.js';

/**
 * The demo content as plain data, drawn from one seeded PRNG: who exists, what they posted, who voted, saved,
 * cheered and commented on what, and when. Nothing here touches the disk or the database, so the plan can be
 * checked on its own and the same sizes always give the same community (only dates move with `now`).
 */

export const POST_TYPES = ['Photo', 'Animated', 'Video', 'EmbedVideo', 'Article', 'CollectionPage', 'Text', 'ForumPost'] as const;
export type PostType = (typeof POST_TYPES)[number];

export type SeedSizes = {
  users: number;
  posts: number;
  comments: number;
  tags: number;
  interests: number;
  /** Distinct clips made with ffmpeg and shared by animated and video posts (0: still pictures only). */
  clips: number;
};

export const DEFAULT_SIZES: SeedSizes = { users: 30, posts: 300, comments: 2000, tags: 20, interests: 8, clips: 8 };

/** Demo accounts of DESIGN.md, in this order at the head of the user list. */
export const DEMO_USER = 0;
export const OP_USER = 1;
export const MODERATOR_USER = 2;
/** A main-site admin (users.is_admin): manages every comment app in the console (/apps), the main app included. */
export const ADMIN_USER = 3;
/** The accounts that sign in with the demo password. */
export const DEMO_ACCOUNTS = 4;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

export type UserPlan = {
  username: string;
  userId: string;
  hashId: string;
  /** Public id of the user's comment_users row in the main site's app. */
  commentUserId: string;
  fullName: string;
  email: string;
  about: string;
  country: string;
  emojiStatus: string;
  tier: 0 | 1 | 2;
  verified: boolean;
  nsfwMode: boolean;
  createdAt: Date;
  activeAt: Date;
  avatarSeed: number;
  /** Interests and tags the user follows (followed_pages). */
  follows: { kind: 'tag' | 'interest'; key: string; at: Date }[];
  balance: number;
};

export type Reaction = { user: number; value: 1 | -1; at: Date };

export type ArticleBlockPlan = { type: 'RichText'; content: string } | { type: 'Media'; mediaId: string; caption: string };

export type PostPlan = {
  id: string;
  type: PostType;
  creator: number;
  title: string;
  description: string;
  createdAt: Date;
  nsfw: boolean;
  /** posts-and-feeds.md §5 Offensive mask: masked for visitors and members in offensive mode. */
  offensive: boolean;
  anonymous: boolean;
  promoted: boolean;
  isMeme: boolean;
  isVoteMasked: boolean;
  longCover: boolean;
  tags: number[];
  interests: number[];
  /** The post's own picture (Photo, EmbedVideo poster, Article and collection covers, clip posts without ffmpeg). */
  picture: PictureSpec | null;
  /** Index into the clip pool (Animated and Video). */
  clip: number | null;
  video: { id: string; source: string; embedUrl: string; startTs: number } | null;
  article: { blocks: ArticleBlockPlan[]; medias: { id: string; picture: PictureSpec }[] } | null;
  poll: { options: string[]; endsAt: Date; votes: { user: number; option: number; at: Date }[] } | null;
  collection: string[];
  sourceDomain: string;
  sourceUrl: string;
  credit: { title: string; url: string } | null;
  ctaData: { title: string; url: string } | null;
  popularity: number;
  votes: Reaction[];
  saves: { user: number; at: Date }[];
  awards: { sender: number; at: Date }[];
};

export type CommentPlan = {
  index: number;
  commentId: string;
  post: number;
  user: number;
  level: 1 | 2;
  /** Plan index of the comment replied to (level 2), else null. */
  parent: number | null;
  /** Plan index of the level-1 comment of the thread (itself for level 1). */
  thread: number;
  /** Depth in reply chains: 0 for level 1, 1 for a reply to it, 2 for a reply to a reply, ... (insert order). */
  depth: number;
  text: string;
  mention: string | null;
  createdAt: Date;
  likes: Reaction[];
  pinnedAt: Date | null;
  deleted: boolean;
  sensitive: boolean;
  offensive: boolean;
  opStatus: 0 | 1 | 2;
  /** Live (not deleted) replies in the thread of a level-1 comment; 0 for replies. */
  childrenTotal: number;
};

export type DemoPlan = {
  now: Date;
  users: UserPlan[];
  tags: TagSeed[];
  interests: (InterestSeed & { tagIndexes: number[] })[];
  posts: PostPlan[];
  clips: ClipSpec[];
  comments: CommentPlan[];
};

/** Draws the whole demo community. `now` anchors the dates: posts spread over the 400 days before it. */
export function planDemo(sizes: SeedSizes, now: Date, seed = 0x9a9): DemoPlan {
  if (sizes.users < 3) throw new Error('the demo needs at least 3 users (demo, op, moderator)');
  if (sizes.posts < POST_TYPES.length) throw new Error(`the demo needs at least ${POST_TYPES.length} posts, one per type`);
  const random = new Random(seed);
  const ids = new IdPool(random);
  const tags = TAGS.slice(0, Math.max(1, Math.min(sizes.tags, TAGS.length)));
  const interests = INTERESTS.slice(0, Math.max(1, Math.min(sizes.interests, INTERESTS.length))).map((interest) => ({
    ...interest,
    tagIndexes: interest.tags.map((key) => tags.findIndex((t) => t.key === key)).filter((i) => i >= 0),
  }));
  const users = planUsers(random, ids, sizes.users, now, tags, interests);
  const clips = planClips(random, sizes.clips);
  const posts = planPosts(random, ids, sizes.posts, now, users, tags, interests, clips.length);
  const comments = planComments(random, ids, sizes.comments, now, users, posts);
  return { now, users, tags, interests, posts, clips, comments };
}

function planUsers(random: Random, ids: IdPool, count: number, now: Date, tags: TagSeed[], interests: InterestSeed[]): UserPlan[] {
  const users: UserPlan[] = [];
  for (let i = 0; i < count; i++) {
    const username = USERNAMES[i] ?? `member${i}`;
    const createdAt = new Date(now.getTime() - random.int(420, 1400) * DAY - random.int(0, 23) * HOUR);
    const tier: 0 | 1 | 2 = i === MODERATOR_USER ? 2 : i === OP_USER ? 1 : i === DEMO_USER ? 0 : random.weighted([[0, 7], [1, 2], [2, 1]] as const);
    const follows: UserPlan['follows'] = [];
    for (const interest of random.sample(interests, random.int(1, 3))) {
      follows.push({ kind: 'interest', key: interest.key, at: new Date(createdAt.getTime() + random.int(1, 30) * DAY) });
    }
    for (const tag of random.sample(tags, random.int(0, 3))) {
      follows.push({ kind: 'tag', key: tag.key, at: new Date(createdAt.getTime() + random.int(1, 300) * DAY) });
    }
    users.push({
      username,
      userId: ids.take(10),
      hashId: ids.take(16),
      commentUserId: ids.take(10),
      fullName: i < 3 ? username.charAt(0).toUpperCase() + username.slice(1) : random.pick(FULL_NAMES),
      email: `${username}@guffaw.test`,
      about: i === OP_USER ? 'I post the memes you send to your group chat.' : random.pick(ABOUTS),
      country: random.pick(COUNTRIES),
      emojiStatus: random.pick(EMOJI_STATUSES),
      tier,
      verified: i === OP_USER || i === MODERATOR_USER || (i > 2 && random.chance(0.15)),
      nsfwMode: i > 2 && random.chance(0.3),
      createdAt,
      activeAt: new Date(now.getTime() - random.int(0, 72) * HOUR - random.int(0, 59) * MINUTE),
      avatarSeed: random.int(1, 2 ** 30),
      follows,
      balance: i === DEMO_USER ? 10 : random.int(0, 20),
    });
  }
  const admin = users[ADMIN_USER];
  if (admin) admin.fullName = 'Admin';
  return users;
}

function planClips(random: Random, count: number): ClipSpec[] {
  const captions = random.sample(CAPTIONS, count);
  return captions.map(([top, bottom], i) => ({ seed: random.int(1, 2 ** 30), kind: i % 3 === 2 ? 'Video' : 'Animated', top, bottom }));
}

/** Post types in proportion, at least one of each, shuffled. */
function postTypes(random: Random, count: number): PostType[] {
  const share: Record<PostType, number> = {
    Photo: 0.42, Animated: 0.13, Video: 0.08, EmbedVideo: 0.05, Article: 0.08, CollectionPage: 0.03, Text: 0.11, ForumPost: 0.1,
  };
  const types: PostType[] = [...POST_TYPES];
  for (const type of POST_TYPES) {
    const n = Math.max(0, Math.round(share[type] * count) - 1);
    for (let i = 0; i < n; i++) types.push(type);
  }
  while (types.length < count) types.push('Photo');
  const shuffled = random.shuffle(types.slice(0, count));
  // The first post is the op's showcase photo (the busiest comment section).
  const photo = shuffled.indexOf('Photo');
  [shuffled[0], shuffled[photo]] = [shuffled[photo] as PostType, shuffled[0] as PostType];
  return shuffled;
}

/** Ages skewed to the recent: about a tenth of the posts are from today, a fifth from this week, all within 400 days. */
function postAge(random: Random, index: number): number {
  if (index < 3) return random.int(10, 600) * MINUTE;
  return Math.max(5 * MINUTE, 400 * DAY * Math.pow(random.next(), 2.5));
}

function planPosts(
  random: Random,
  ids: IdPool,
  count: number,
  now: Date,
  users: UserPlan[],
  tags: TagSeed[],
  interests: (InterestSeed & { tagIndexes: number[] })[],
  clipCount: number,
): PostPlan[] {
  const creatorWeights = users.map((_, i) => [i, i === OP_USER ? 3 : i === MODERATOR_USER ? 0.5 : 1] as const);
  // The hand-written captions first, then "Me when ..." pairs, so pictures seldom repeat their words.
  const combined = SITUATIONS.flatMap((situation, i) =>
    REACTIONS.filter((_, j) => (i + j) % 5 === 0).map((reaction) => [`Me when ${situation}`, reaction] as const),
  );
  const captions = [...random.shuffle(CAPTIONS), ...random.shuffle(combined)];
  let captionAt = 0;
  const nextCaption = () => captions[captionAt++ % captions.length] as readonly [string, string];
  const types = postTypes(random, count);
  const posts: PostPlan[] = [];
  const counters: Record<string, number> = {};
  const seen = (type: string) => (counters[type] = (counters[type] ?? 0) + 1) - 1;
  const sensitiveInterests = interests.map((it, i) => (it.sensitive ? i : -1)).filter((i) => i >= 0);
  const plainInterests = interests.map((it, i) => (it.sensitive ? -1 : i)).filter((i) => i >= 0);

  types.forEach((type, index) => {
    const nth = seen(type);
    const creator = index === 0 || (type === 'Photo' && nth < 4) ? OP_USER : random.weighted(creatorWeights);
    const createdAt = new Date(now.getTime() - postAge(random, index) - random.int(0, 59) * 1000);
    const popularity = Math.pow(random.next(), 1.6);
    const sensitive = sensitiveInterests.length > 0 && random.chance(0.06);
    const interestIndexes = sensitive
      ? [random.pick(sensitiveInterests)]
      : random.sample(plainInterests.length ? plainInterests : interests.map((_, i) => i), random.int(1, 2));
    const tagPool = [...new Set(interestIndexes.flatMap((i) => interests[i]?.tagIndexes ?? []))];
    const tagIndexes = [...new Set([...random.sample(tagPool, random.int(1, 2)), ...random.sample(tags.map((_, i) => i), random.int(0, 2))])];
    const post: PostPlan = {
      id: ids.take(7),
      type,
      creator,
      title: '',
      description: '',
      createdAt,
      nsfw: false,
      offensive: false,
      anonymous: false,
      promoted: false,
      isMeme: false,
      isVoteMasked: type === 'CollectionPage',
      longCover: false,
      tags: tagIndexes,
      interests: interestIndexes,
      picture: null,
      clip: null,
      video: null,
      article: null,
      poll: null,
      collection: [],
      sourceDomain: '',
      sourceUrl: '',
      credit: null,
      ctaData: null,
      popularity,
      votes: [],
      saves: [],
      awards: [],
    };
    const picture = (top: string, bottom: string, height = random.pick([700, 700, 525, 875, 620])): PictureSpec => ({
      seed: random.int(1, 2 ** 30),
      top,
      bottom,
      height,
    });
    switch (type) {
      case 'Photo': {
        const [top, bottom] = nextCaption();
        post.title = memeTitle(random, top, bottom);
        post.isMeme = random.chance(0.8);
        post.longCover = nth % 9 === 4;
        post.picture = post.longCover ? { ...picture(top, bottom, random.int(1500, 2100)), panels: 3 } : picture(top, bottom);
        if (random.chance(0.3)) post.description = random.pick(DESCRIPTIONS);
        if (random.chance(0.06)) {
          const by = random.pick(users);
          post.credit = { title: `Original by @${by.username}`, url: `/u/${by.username}` };
        }
        break;
      }
      case 'Animated':
      case 'Video': {
        const [top, bottom] = nextCaption();
        post.title = memeTitle(random, top, bottom);
        if (random.chance(0.2)) post.description = random.pick(DESCRIPTIONS);
        const matching = [...Array(clipCount).keys()].filter((_, i) => (i % 3 === 2) === (type === 'Video'));
        if (clipCount > 0) post.clip = matching.length ? (matching[nth % matching.length] as number) : nth % clipCount;
        else post.picture = picture(top, bottom);
        break;
      }
      case 'EmbedVideo': {
        const [top, bottom] = nextCaption();
        post.title = memeTitle(random, top, bottom);
        post.picture = picture(top, bottom, 394);
        const source = nth % 2 === 0 ? 'Facebook' : 'Instagram';
        const videoId = String(random.int(10 ** 14, 10 ** 15));
        const url =
          source === 'Facebook' ? `https://www.facebook.com/guffaw/videos/${videoId}/` : `https://www.instagram.com/reel/${ids.take(11)}/`;
        post.video = {
          id: videoId,
          source,
          embedUrl:
            source === 'Facebook'
              ? `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(url)}&show_text=false`
              : `${url}embed/`,
          startTs: 0,
        };
        post.sourceDomain = source === 'Facebook' ? 'facebook.com' : 'instagram.com';
        post.sourceUrl = url;
        break;
      }
      case 'Article': {
        const handmade = ARTICLES[nth];
        const topic = (tags[tagIndexes[0] ?? 0]?.key ?? 'meme').replace(/-/g, ' ');
        const base = handmade ?? {
          title: random.pick(ARTICLE_PATTERNS).replace('{n}', String(random.int(5, 15))).replace('{topic}', topic),
          intro: `Our favourite **${topic}** posts, picked by the community.`,
          sections: random.sample(ARTICLE_SECTIONS, 3),
        };
        post.title = base.title.charAt(0).toUpperCase() + base.title.slice(1);
        post.description = base.intro;
        const [top, bottom] = nextCaption();
        post.picture = picture(top, bottom, 394);
        const medias: { id: string; picture: PictureSpec }[] = [];
        // The intro is the post's description, which the article page shows above its blocks: not a block again.
        const blocks: ArticleBlockPlan[] = [];
        base.sections.forEach(([heading, text], i) => {
          blocks.push({ type: 'RichText', content: `## ${heading}\n\n${text}` });
          if (i < 2) {
            const [mTop, mBottom] = nextCaption();
            const media = { id: ids.take(8), picture: picture(mTop, mBottom) };
            medias.push(media);
            blocks.push({ type: 'Media', mediaId: media.id, caption: `${mTop} ${mBottom}`.toLowerCase() });
          }
        });
        blocks.push({ type: 'RichText', content: 'What did we miss? Tell us in the comments.' });
        post.article = { blocks, medias };
        if (random.chance(0.4)) {
          post.sourceDomain = 'guffaw.test';
          post.sourceUrl = `https://guffaw.test/blog/${post.id}`;
        }
        break;
      }
      case 'CollectionPage': {
        const [title, description] = COLLECTIONS[nth % COLLECTIONS.length] as readonly [string, string];
        post.title = nth < COLLECTIONS.length ? title : `${title} #${Math.floor(nth / COLLECTIONS.length) + 1}`;
        post.description = description;
        const [top, bottom] = nextCaption();
        post.picture = picture(top, bottom, 394);
        post.article = { blocks: [{ type: 'RichText', content: `${description}\n\nHand-picked by **@${users[creator]?.username ?? 'op'}**.` }], medias: [] };
        break;
      }
      case 'Text': {
        const [title, body] = TEXT_POSTS[nth % TEXT_POSTS.length] as readonly [string, string];
        post.title = nth < TEXT_POSTS.length ? title : `${title} (again)`;
        post.description = body;
        break;
      }
      case 'ForumPost': {
        const [title, body] = FORUM_QUESTIONS[nth % FORUM_QUESTIONS.length] as readonly [string, string];
        post.title = nth < FORUM_QUESTIONS.length ? title : `${title} (asking again)`;
        post.description = body;
        break;
      }
    }
    posts.push(post);
  });

  // Flags on a few posts each, never on collection pages.
  const regular = posts.filter((p) => p.type !== 'CollectionPage');
  const flagged = random.shuffle(regular);
  const nsfwCount = Math.max(1, Math.round(count * 0.025));
  const promotedCount = Math.max(1, Math.round(count * 0.017));
  const anonymousCount = Math.max(1, Math.round(count * 0.04));
  flagged.slice(0, nsfwCount).forEach((p) => (p.nsfw = true));
  flagged.slice(nsfwCount, nsfwCount + promotedCount).forEach((p, i) => {
    p.promoted = true;
    p.ctaData = { title: i % 2 ? 'Learn more' : 'Shop now', url: `https://shop.guffaw.test/deal/${p.id}` };
  });
  flagged
    .slice(nsfwCount + promotedCount)
    .filter((p) => p !== posts[0])
    .slice(0, anonymousCount)
    .forEach((p) => (p.anonymous = true));
  // Offensive posts (no further random draws, so the rest of the plan stays as it was): one of op's, so its author
  // can see it unmasked, then a few others; not the first post, as for the anonymous flag.
  const offensiveCount = Math.max(2, Math.round(count * 0.02));
  const plain = flagged.filter((p) => p !== posts[0] && !p.nsfw && !p.promoted && !p.anonymous);
  const ofOp = plain.find((p) => p.creator === OP_USER);
  [...(ofOp ? [ofOp] : []), ...plain.filter((p) => p !== ofOp)].slice(0, offensiveCount).forEach((p) => (p.offensive = true));

  // Collection pages list other posts (not nsfw, not other collections).
  const collectable = regular.filter((p) => !p.nsfw);
  for (const post of posts.filter((p) => p.type === 'CollectionPage')) {
    post.collection = random.sample(collectable, random.int(4, 8)).map((p) => p.id);
  }

  planPolls(random, posts, users.length, now);
  planVotes(random, posts, users.length, now);
  return posts;
}

function memeTitle(random: Random, top: string, bottom: string): string {
  const pattern = random.weighted(TITLE_PATTERNS.map((p, i) => [p, i < 2 ? 6 : 1] as const));
  const title = pattern.replace('{top}', top).replace('{bottom}', bottom).replace(/:\s*$/, '');
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** A time between `from` and `to`, skewed toward `from` (activity comes soon after a post). */
function soonAfter(random: Random, from: Date, to: Date, skew = 3): Date {
  const span = Math.max(MINUTE, to.getTime() - from.getTime());
  return new Date(Math.min(to.getTime(), from.getTime() + 20_000 + span * Math.pow(random.next(), skew)));
}

function planPolls(random: Random, posts: PostPlan[], userCount: number, now: Date): void {
  const candidates = posts.filter(
    (p, i) => (p.type === 'ForumPost' && i % 2 === 0) || (p.type === 'Text' && i % 3 === 0) || (p.type === 'Photo' && i % 29 === 0),
  );
  const forced = ['ForumPost', 'Text'].map((type) => posts.find((p) => p.type === type)).filter((p): p is PostPlan => !!p);
  const pollPosts = [...new Set([...forced, ...candidates])];
  pollPosts.forEach((post, i) => {
    const [question, options] = POLLS[i % POLLS.length] as readonly [string, readonly string[]];
    if (post.type !== 'Photo') {
      post.title = question;
      post.description = 'Vote, then defend your choice in the comments.';
    }
    const age = now.getTime() - post.createdAt.getTime();
    // Alternate ended and running polls; a post too young to have a finished poll gets a running one.
    const ended = i % 2 === 1 && age > 2 * HOUR;
    const endsAt = ended
      ? new Date(post.createdAt.getTime() + Math.min(age - HOUR, random.int(1, 3) * DAY))
      : new Date(now.getTime() + random.int(1, 6) * DAY + random.int(0, 23) * HOUR);
    const voters = random.sample([...Array(userCount).keys()], random.int(Math.min(3, userCount), userCount));
    const last = new Date(Math.min(endsAt.getTime(), now.getTime()));
    const weights = options.map(() => random.int(1, 5));
    post.poll = {
      options: [...options],
      endsAt,
      votes: voters.map((user) => ({
        user,
        option: random.weighted(weights.map((w, o) => [o, w] as const)),
        at: soonAfter(random, post.createdAt, last),
      })),
    };
  });
}

function planVotes(random: Random, posts: PostPlan[], userCount: number, now: Date): void {
  const everyone = [...Array(userCount).keys()];
  for (const post of posts) {
    const others = everyone.filter((u) => u !== post.creator);
    const voterCount = Math.min(others.length, Math.round(post.popularity * others.length * 0.9) + random.int(0, 2));
    const upShare = 0.6 + 0.35 * post.popularity;
    post.votes = random.sample(others, voterCount).map((user) => ({
      user,
      value: random.chance(upShare) ? 1 : -1,
      at: soonAfter(random, post.createdAt, now),
    }));
    if (post.type !== 'CollectionPage') {
      const saverCount = random.chance(0.35) ? random.int(1, Math.min(4, others.length)) : 0;
      post.saves = random.sample(others, saverCount).map((user) => ({ user, at: soonAfter(random, post.createdAt, now) }));
      const awardCount = random.chance(0.15 + post.popularity * 0.4) ? random.int(1, Math.min(5, others.length)) : 0;
      post.awards = random.sample(others, awardCount).map((sender) => ({ sender, at: soonAfter(random, post.createdAt, now) }));
    }
  }
  // The demo member has a few saves of its own to show on its profile.
  const demoSaves = random.sample(
    posts.filter((p) => p.type !== 'CollectionPage' && p.creator !== DEMO_USER && !p.saves.some((s) => s.user === DEMO_USER)),
    12,
  );
  for (const post of demoSaves) post.saves.push({ user: DEMO_USER, at: soonAfter(random, post.createdAt, now) });
}

function planComments(random: Random, ids: IdPool, count: number, now: Date, users: UserPlan[], posts: PostPlan[]): CommentPlan[] {
  // Busy posts draw most comments; the op's first post is the showcase thread with many.
  const weights = posts.map((p, i) => [i, p.type === 'CollectionPage' ? 0 : i === 0 ? 20 : 0.15 + p.popularity * 3] as const);
  const perPost = new Map<number, CommentPlan[]>();
  const comments: CommentPlan[] = [];
  const everyone = [...Array(users.length).keys()];
  for (let n = 0; n < count; n++) {
    const postIndex = random.weighted(weights);
    const post = posts[postIndex] as PostPlan;
    const section = perPost.get(postIndex) ?? [];
    perPost.set(postIndex, section);
    const user = random.chance(0.08) ? post.creator : random.pick(everyone);
    const opStatus: 0 | 1 | 2 = user === post.creator ? (post.anonymous ? 2 : 1) : 0;
    const threads = section.filter((c) => c.level === 1);
    const forum = post.type === 'ForumPost';
    const index = comments.length;
    let comment: CommentPlan;
    if (threads.length > 0 && random.chance(0.4)) {
      const thread = random.weighted(threads.map((c) => [c, 1 + c.childrenTotal] as const));
      const replies = section.filter((c) => c.thread === thread.index);
      const parent = replies.length > 0 && random.chance(0.3) ? random.pick(replies) : thread;
      const parentUser = users[parent.user] as UserPlan;
      const mention =
        parent.opStatus !== 2 && parent.user !== user && (parent.level === 2 || random.chance(0.4)) ? parentUser.username : null;
      const body = random.pick(REPLIES);
      comment = {
        index,
        commentId: ids.take(10),
        post: postIndex,
        user,
        level: 2,
        parent: parent.index,
        thread: thread.index,
        depth: parent.depth + 1,
        text: mention ? `@${mention} ${body}` : body,
        mention,
        createdAt: soonAfter(random, parent.createdAt, now),
        likes: [],
        pinnedAt: null,
        deleted: false,
        sensitive: false,
        offensive: false,
        opStatus,
        childrenTotal: 0,
      };
      thread.childrenTotal++;
    } else {
      comment = {
        index,
        commentId: ids.take(10),
        post: postIndex,
        user,
        level: 1,
        parent: null,
        thread: index,
        depth: 0,
        text: forum && random.chance(0.6) ? random.pick(FORUM_ANSWERS) : random.pick(COMMENTS),
        mention: null,
        createdAt: soonAfter(random, post.createdAt, now),
        likes: [],
        pinnedAt: null,
        deleted: false,
        sensitive: false,
        offensive: false,
        opStatus,
        childrenTotal: 0,
      };
    }
    section.push(comment);
    comments.push(comment);
  }

  // A few flagged comments (comments.md: sensitive and offensive content is masked).
  const flaggable = random.shuffle(comments);
  const sensitiveCount = Math.max(1, Math.round(count / 200));
  flaggable.slice(0, sensitiveCount).forEach((c) => {
    c.sensitive = true;
    c.text = (c.mention ? `@${c.mention} ` : '') + random.pick(SENSITIVE_COMMENTS);
  });
  flaggable.slice(sensitiveCount, sensitiveCount * 2).forEach((c) => {
    c.offensive = true;
    c.text = (c.mention ? `@${c.mention} ` : '') + random.pick(OFFENSIVE_COMMENTS);
  });

  // comments.md §4: a comment with replies is kept as deleted; only such comments are deleted here.
  const withReplies = random.shuffle(comments.filter((c) => c.level === 1 && c.childrenTotal > 0 && !c.sensitive && !c.offensive));
  withReplies.slice(0, Math.max(1, Math.round(count / 170))).forEach((c) => {
    c.deleted = true;
    c.text = '';
  });

  // Likes and dislikes from the people who take part in the comments.
  const commenters = [...new Set(comments.map((c) => c.user))];
  for (const comment of comments) {
    const others = commenters.filter((u) => u !== comment.user);
    const likeCount = Math.floor(Math.pow(random.next(), 3.2) * Math.min(others.length, 24));
    const dislikeShare = comment.offensive ? 0.7 : 0.12;
    comment.likes = random.sample(others, likeCount).map((user) => ({
      user,
      value: random.chance(dislikeShare) ? -1 : 1,
      at: soonAfter(random, comment.createdAt, now),
    }));
  }

  // Pin the best-liked thread of some busy sections.
  for (const section of perPost.values()) {
    const threads = section.filter((c) => c.level === 1 && !c.deleted && !c.offensive && !c.sensitive);
    if (threads.length < 4 || !random.chance(0.35)) continue;
    const best = threads.reduce((a, b) => (score(b) > score(a) ? b : a));
    best.pinnedAt = soonAfter(random, best.createdAt, now);
  }
  // Live replies only: a deleted reply would not count, but replies are never deleted here.
  return comments;
}

const score = (c: CommentPlan) => c.likes.reduce((sum, l) => sum + l.value, 0);

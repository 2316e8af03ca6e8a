import { createHash } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { Database } from '../db/index.js';
import type { Comments, Posts } from '../db/schema.js';
import { commentHotScore } from '../modules/comments/hot-rank.js';
import { postHotScore } from '../modules/posts/ranking.js';
import type { Clip } from './clips.js';
import type { PictureSet } from './images.js';
import { ADMIN_USER, MODERATOR_USER, type DemoPlan, type PostPlan } from './plan.js';
import { MAIN_APP_ID } from '../main-app.js';

/** The main site's own app in the comment service (DESIGN.md; defined in src/main-app.ts). */
export { MAIN_APP_ID };

export type DemoMedia = {
  /** By clip index; null where ffmpeg failed (those posts have a still picture). */
  clips: (Clip | null)[];
  /** By post id, and by article media id. */
  pictures: Map<string, PictureSet>;
  avatars: string[];
  anonymousAvatar: string;
  interestImages: string[];
};

type WriteOptions = { publicUrl: string; hashes: string[]; appSecret: string };

const DAY = 86_400_000;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const CHUNK = 400;

function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const json = (value: unknown) => JSON.stringify(value);

/** The posts.images JSON of a post (posts-and-feeds.md §3). */
export function postImages(post: PostPlan, media: DemoMedia): Record<string, unknown> {
  const clip = post.clip !== null ? media.clips[post.clip] : null;
  if (clip) return { ...clip.poster, image460sv: clip.sv };
  return { ...(media.pictures.get(post.id) ?? {}) };
}

function postArticle(post: PostPlan, media: DemoMedia): Record<string, unknown> | null {
  if (!post.article) return null;
  const medias: Record<string, unknown> = {};
  for (const m of post.article.medias) {
    const set = media.pictures.get(m.id);
    if (set) medias[m.id] = { id: m.id, type: 'Photo', ...set };
  }
  return { blocks: post.article.blocks, medias };
}

/** Writes the whole plan in one transaction: all or nothing. */
export async function writeDemo(db: Database, plan: DemoPlan, media: DemoMedia, options: WriteOptions): Promise<void> {
  const { publicUrl } = options;
  const now = plan.now;
  const profileUrl = (username: string) => `${publicUrl}/u/${username}`;

  await db.transaction().execute(async (trx) => {
    // --- accounts ---------------------------------------------------------------------------------------
    const uploadAt = new Map<number, Date>();
    for (const post of plan.posts) {
      const last = uploadAt.get(post.creator);
      if (!last || last < post.createdAt) uploadAt.set(post.creator, post.createdAt);
    }
    const userRows = await trx
      .insertInto('users')
      .values(
        plan.users.map((u, i) => ({
          userId: u.userId,
          hashId: u.hashId,
          username: u.username,
          fullName: u.fullName,
          email: u.email,
          emailHash: createHash('sha256').update(u.email.toLowerCase()).digest('hex'),
          passwordHash: options.hashes[i] ?? null,
          emailVerified: true,
          ageVerified: u.nsfwMode,
          about: u.about,
          country: u.country,
          avatarUrl: media.avatars[i] ?? '',
          emojiStatus: u.emojiStatus,
          safeMode: !u.nsfwMode,
          nsfwMode: u.nsfwMode,
          tier: u.tier,
          proExpiresAt: u.tier > 0 ? new Date(now.getTime() + 200 * DAY) : null,
          membershipPurchaseAt: u.tier > 0 ? new Date(now.getTime() - 165 * DAY) : null,
          isVerifiedAccount: u.verified,
          initialFollowFinished: true,
          createdAt: u.createdAt,
          activeAt: u.activeAt,
          uploadAt: uploadAt.get(i) ?? null,
          isAdmin: i === ADMIN_USER,
        })),
      )
      .returning(['id', 'username'])
      .execute();
    const userIdByName = new Map(userRows.map((r) => [r.username, r.id]));
    const userId = (index: number) => userIdByName.get(plan.users[index]?.username ?? '') as number;

    await trx
      .insertInto('awardBalances')
      .values(plan.users.map((u, i) => ({ userId: userId(i), balance: u.balance })))
      .execute();

    // --- taxonomy ---------------------------------------------------------------------------------------
    const tagRows = await trx
      .insertInto('tags')
      .values(plan.tags.map((t) => ({ key: t.key, description: t.description, isSensitive: t.sensitive ?? false, createdAt: new Date(now.getTime() - 700 * DAY) })))
      .returning(['id', 'key'])
      .execute();
    const tagId = new Map(tagRows.map((r) => [r.key, r.id]));
    const interestRows = await trx
      .insertInto('interests')
      .values(
        plan.interests.map((it, i) => ({
          key: it.key,
          listType: 'interest',
          name: it.name,
          emoji: it.emoji,
          imageUrl: media.interestImages[i] ?? '',
          isSensitive: it.sensitive ?? false,
          position: i,
        })),
      )
      .returning(['id', 'key'])
      .execute();
    const interestId = new Map(interestRows.map((r) => [r.key, r.id]));
    const interestTags = plan.interests.flatMap((it) =>
      it.tagIndexes.map((t) => ({ interestId: interestId.get(it.key) as number, tagId: tagId.get(plan.tags[t]?.key ?? '') as number })),
    );
    if (interestTags.length) await trx.insertInto('interestTags').values(interestTags).execute();
    const follows = plan.users.flatMap((u, i) => u.follows.map((f) => ({ userId: userId(i), kind: f.kind, key: f.key, updatedAt: f.at })));
    for (const c of chunks(follows)) await trx.insertInto('followedPages').values(c).execute();

    // --- comments, counted first: posts store their comment counts --------------------------------------
    const liveBySection = new Map<number, number>();
    for (const c of plan.comments) if (!c.deleted) liveBySection.set(c.post, (liveBySection.get(c.post) ?? 0) + 1);

    // --- posts ------------------------------------------------------------------------------------------
    const order = plan.posts.map((p, i) => [p, i] as const).sort(([a], [b]) => a.createdAt.getTime() - b.createdAt.getTime());
    const postRows: Insertable<Posts>[] = order.map(([p, i]) => {
      const up = p.votes.filter((v) => v.value === 1).length;
      const down = p.votes.length - up;
      const commentsCount = liveBySection.get(i) ?? 0;
      return {
        id: p.id,
        creatorId: userId(p.creator),
        type: p.type,
        title: p.title,
        description: p.description,
        nsfw: p.nsfw,
        isOffensive: p.offensive,
        isAnonymous: p.anonymous,
        isMeme: p.isMeme,
        promoted: p.promoted,
        isVoteMasked: p.isVoteMasked,
        hasLongPostCover: p.longCover,
        sensitiveCover: p.nsfw,
        canAnonymous: p.anonymous,
        sourceDomain: p.sourceDomain,
        sourceUrl: p.sourceUrl,
        credit: p.credit ? json({ title: p.credit.title, url: p.credit.url.startsWith('/') ? publicUrl + p.credit.url : p.credit.url }) : null,
        ctaData: p.ctaData ? json(p.ctaData) : null,
        images: json(postImages(p, media)),
        video: p.video ? json(p.video) : null,
        article: p.article ? json(postArticle(p, media)) : null,
        upVoteCount: up,
        downVoteCount: down,
        commentsCount,
        awardsCount: p.awards.length,
        hotScore: postHotScore(up, down, commentsCount, p.createdAt),
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      };
    });
    for (const c of chunks(postRows, 200)) await trx.insertInto('posts').values(c).execute();

    const postTags = plan.posts.flatMap((p) => p.tags.map((t, position) => ({ postId: p.id, tagId: tagId.get(plan.tags[t]?.key ?? '') as number, position })));
    for (const c of chunks(postTags)) await trx.insertInto('postTags').values(c).execute();
    const postInterests = plan.posts.flatMap((p) => p.interests.map((it) => ({ postId: p.id, interestId: interestId.get(plan.interests[it]?.key ?? '') as number })));
    for (const c of chunks(postInterests)) await trx.insertInto('postInterests').values(c).execute();
    const items = plan.posts.flatMap((p) => p.collection.map((postId, position) => ({ collectionId: p.id, postId, position })));
    for (const c of chunks(items)) await trx.insertInto('collectionItems').values(c).execute();

    const votes = plan.posts.flatMap((p) => p.votes.map((v) => ({ userId: userId(v.user), postId: p.id, value: v.value, createdAt: v.at })));
    for (const c of chunks(votes)) await trx.insertInto('postVotes').values(c).execute();
    const saves = plan.posts.flatMap((p) => p.saves.map((s) => ({ userId: userId(s.user), postId: p.id, createdAt: s.at })));
    for (const c of chunks(saves)) await trx.insertInto('postSaves').values(c).execute();
    const polls = plan.posts.flatMap((p) => (p.poll ? [{ postId: p.id, options: json(p.poll.options.map((text) => ({ text }))), endsAt: p.poll.endsAt }] : []));
    if (polls.length) await trx.insertInto('polls').values(polls).execute();
    const pollVotes = plan.posts.flatMap((p) =>
      (p.poll?.votes ?? []).map((v) => ({ postId: p.id, userId: userId(v.user), optionIndex: v.option, createdAt: v.at })),
    );
    for (const c of chunks(pollVotes)) await trx.insertInto('pollVotes').values(c).execute();
    const awards = plan.posts.flatMap((p) =>
      p.awards.map((a) => ({ postId: p.id, senderId: userId(a.sender), recipientId: userId(p.creator), type: 'cheers', amount: 1, createdAt: a.at })),
    );
    for (const c of chunks(awards)) await trx.insertInto('awards').values(c).execute();

    // --- comment service --------------------------------------------------------------------------------
    await trx
      .insertInto('commentApps')
      .values({
        id: MAIN_APP_ID,
        name: 'Guffaw',
        secret: options.appSecret,
        allowedOrigins: json([publicUrl]),
        maxMessageLength: 1000,
        anonymousAvatarUrl: media.anonymousAvatar,
        host: publicUrl,
        cdnHost: publicUrl,
      })
      // The comment module may have registered the main app already; keep its secret, refresh the rest.
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ allowedOrigins: json([publicUrl]), anonymousAvatarUrl: media.anonymousAvatar, host: publicUrl, cdnHost: publicUrl }),
      )
      .execute();
    await trx
      .insertInto('commentModerators')
      .values({ appId: MAIN_APP_ID, externalId: plan.users[MODERATOR_USER]?.userId ?? '' })
      .onConflict((oc) => oc.doNothing())
      .execute();

    const commenters = [...new Set(plan.comments.flatMap((c) => [c.user, ...c.likes.map((l) => l.user)]))].sort((a, b) => a - b);
    const commentUserRows = await trx
      .insertInto('commentUsers')
      .values(
        commenters.map((i) => {
          const u = plan.users[i] as DemoPlan['users'][number];
          return {
            appId: MAIN_APP_ID,
            externalId: u.userId,
            userId: u.commentUserId,
            displayName: u.username,
            avatarUrl: media.avatars[i] ?? '',
            profileUrl: profileUrl(u.username),
            country: u.country,
            emojiStatus: u.emojiStatus,
            isPro: u.tier >= 1,
            isProPlus: u.tier === 2,
            isVerified: u.verified,
            createdAt: u.createdAt,
            activeAt: u.activeAt,
          };
        }),
      )
      .returning(['id', 'externalId'])
      .execute();
    const commentUserByExternal = new Map(commentUserRows.map((r) => [r.externalId, r.id]));
    const commentUserId = (index: number) => commentUserByExternal.get(plan.users[index]?.userId ?? '') as number;

    const sectionPosts = [...new Set(plan.comments.map((c) => c.post))].sort((a, b) => a - b);
    const sectionRows = await trx
      .insertInto('commentSections')
      .values(
        sectionPosts.map((i) => {
          const p = plan.posts[i] as PostPlan;
          return {
            appId: MAIN_APP_ID,
            url: `${publicUrl}/gag/${p.id}`,
            opExternalId: plan.users[p.creator]?.userId ?? null,
            total: liveBySection.get(i) ?? 0,
            isForum: p.type === 'ForumPost',
            createdAt: p.createdAt,
          };
        }),
      )
      .returning(['id', 'url'])
      .execute();
    const sectionByUrl = new Map(sectionRows.map((r) => [r.url, r.id]));
    const sectionId = (postIndex: number) => sectionByUrl.get(`${publicUrl}/gag/${plan.posts[postIndex]?.id ?? ''}`) as number;

    // Ids are identities, so rows go in by reply depth: a parent always exists before its replies.
    const dbId = new Map<number, number>();
    const planIndexByCommentId = new Map(plan.comments.map((c) => [c.commentId, c.index]));
    const maxDepth = plan.comments.reduce((m, c) => Math.max(m, c.depth), 0);
    for (let depth = 0; depth <= maxDepth; depth++) {
      const rows: Insertable<Comments>[] = plan.comments
        .filter((c) => c.depth === depth)
        .map((c) => {
          const likes = c.likes.filter((l) => l.value === 1).length;
          const dislikes = c.likes.length - likes;
          return {
            commentId: c.commentId,
            sectionId: sectionId(c.post),
            userId: commentUserId(c.user),
            parentId: c.parent === null ? null : (dbId.get(c.parent) as number),
            threadId: c.level === 1 ? null : (dbId.get(c.thread) as number),
            level: c.level,
            type: 'text',
            text: c.text,
            mentionMapping: json(c.mention ? { [c.mention]: profileUrl(c.mention) } : {}),
            likeCount: likes,
            dislikeCount: dislikes,
            childrenTotal: c.childrenTotal,
            hotScore: commentHotScore(likes, dislikes, c.childrenTotal, c.createdAt),
            isPinned: c.pinnedAt !== null,
            pinnedAt: c.pinnedAt,
            isDeleted: c.deleted,
            isSensitive: c.sensitive,
            isOffensive: c.offensive,
            opStatus: c.opStatus,
            createdAt: c.createdAt,
            updatedAt: c.createdAt,
          };
        });
      for (const c of chunks(rows)) {
        const inserted = await trx.insertInto('comments').values(c).returning(['id', 'commentId']).execute();
        for (const r of inserted) dbId.set(planIndexByCommentId.get(r.commentId) as number, r.id);
      }
      // A level-1 comment is its own thread.
      if (depth === 0) await trx.updateTable('comments').set((eb) => ({ threadId: eb.ref('id') })).where('level', '=', 1).where('threadId', 'is', null).execute();
    }
    const likes = plan.comments.flatMap((c) =>
      c.likes.map((l) => ({ commentId: dbId.get(c.index) as number, userId: commentUserId(l.user), value: l.value, createdAt: l.at })),
    );
    for (const c of chunks(likes)) await trx.insertInto('commentLikes').values(c).execute();
  });
}

/** Rows that tell whether the database already holds a community. */
export async function countContent(db: Database): Promise<{ users: number; posts: number; comments: number }> {
  const count = async (table: 'users' | 'posts' | 'comments') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { users: await count('users'), posts: await count('posts'), comments: await count('comments') };
}

/** Empties every table of the data model (not the migration bookkeeping), identities restarted. */
export async function wipeContent(db: Database): Promise<void> {
  const tables = (await db.introspection.getTables()).filter((t) => !t.isView && t.schema === 'public').map((t) => t.name);
  if (tables.length === 0) return;
  await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))} RESTART IDENTITY CASCADE`.execute(db);
}

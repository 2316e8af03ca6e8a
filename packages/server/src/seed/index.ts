import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { rebuildTrendingScores } from '../modules/posts/service.js';
import type { Database } from '../db/index.js';
import { hashPassword } from '../lib/password.js';
import { findFfmpeg, makeClip, type Clip } from './clips.js';
import {
  checkFonts, memeSvg, writeAvatar, writeGhostAvatar, writeInterestImage, writePictureSet, type MediaTarget, type PictureSet, type PictureSpec,
} from './images.js';
import { DEFAULT_SIZES, DEMO_ACCOUNTS, planDemo, type DemoPlan, type PostPlan, type SeedSizes } from './plan.js';
import { writeMemeTemplates } from './templates.js';
import { writeDemo, type DemoMedia } from './write.js';
import { seedHouseAds } from '../modules/ads/seed.js';

export { DEFAULT_SIZES, type SeedSizes } from './plan.js';
export { wipeContent, countContent } from './write.js';

/** DESIGN.md: every demo account signs in with this password (README lists the accounts). */
export const DEMO_PASSWORD = 'guffaw-demo';

export type SeedOptions = {
  dataDir: string;
  publicUrl: string;
  log: (msg: string) => void;
  /** Smaller communities for tests; the defaults are the real demo. */
  sizes?: Partial<SeedSizes>;
  /** Anchor of every date (posts spread over the 400 days before it); defaults to the current time. */
  now?: Date;
  /** false skips ffmpeg even when it is installed (animated and video posts then get still pictures). */
  clips?: boolean;
};

export type SeedSummary = { users: number; posts: number; comments: number; clips: number; pictures: number; seconds: number };

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/**
 * Seeds the demo community into an empty database: draws the plan (deterministic), makes its pictures and clips
 * under DATA_DIR/media, then writes every row in one transaction, so a failed seed leaves the database empty and
 * the next start tries again.
 */
export async function seedDemo(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const { log } = options;
  const sizes: SeedSizes = { ...DEFAULT_SIZES, ...options.sizes };
  const plan = planDemo(sizes, options.now ?? new Date());
  const target: MediaTarget = { mediaDir: join(options.dataDir, 'media'), publicUrl: options.publicUrl.replace(/\/$/, '') };

  // argon2 runs on libuv's thread pool, beside the pictures (awaited below; handled here so it cannot go unhandled).
  const passwords = hashPasswords(plan);
  passwords.catch(() => undefined);
  await checkFonts(log);
  const media = await makeMedia(plan, target, options.clips !== false, log);
  const hashes = await passwords;
  log('demo content: writing the database');
  await writeDemo(db, plan, media, { publicUrl: target.publicUrl, hashes, appSecret: randomBytes(32).toString('base64url') });
  // The seed writes votes directly, not through the vote route that keeps the trending key current.
  await rebuildTrendingScores(db);
  await seedHouseAds(db, target.mediaDir, target.publicUrl);
  const summary: SeedSummary = {
    users: plan.users.length,
    posts: plan.posts.length,
    comments: plan.comments.length,
    clips: media.clips.filter(Boolean).length,
    pictures: media.pictures.size,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  log(
    `demo content: ${summary.users} users, ${summary.posts} posts, ${summary.comments} comments, ${summary.pictures} pictures, ` +
      `${summary.clips} clips in ${summary.seconds} s`,
  );
  log(`demo content: sign in as demo, op, moderator or admin with the password ${DEMO_PASSWORD}`);
  return summary;
}

/** Demo accounts get their own hash of the shared demo password; the rest share one hash of a random password. */
async function hashPasswords(plan: DemoPlan): Promise<string[]> {
  const demo = await Promise.all(plan.users.slice(0, DEMO_ACCOUNTS).map(() => hashPassword(DEMO_PASSWORD)));
  const others = await hashPassword(randomBytes(24).toString('base64url'));
  return plan.users.map((_, i) => demo[i] ?? others);
}

/** The still picture of an animated or video post when there is no clip for it. */
const stillSpec = (post: PostPlan): PictureSpec => ({ seed: post.id.charCodeAt(0) * 7919 + post.id.charCodeAt(1), top: post.title, bottom: '', height: 700 });

/** Runs jobs with at most `limit` in flight, in order. */
async function inParallel<T>(jobs: (() => Promise<T>)[], limit: number, onDone: () => void): Promise<T[]> {
  const results: T[] = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await (jobs[i] as () => Promise<T>)();
      onDone();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

async function makeMedia(plan: DemoPlan, target: MediaTarget, withClips: boolean, log: (msg: string) => void): Promise<DemoMedia> {
  const workers = Math.max(2, Math.min(4, availableParallelism()));
  const ffmpeg = withClips && plan.clips.length > 0 ? await findFfmpeg() : null;
  if (withClips && plan.clips.length > 0 && !ffmpeg) log('demo content: ffmpeg not found; animated and video posts get still pictures');

  const pictureJobs: { key: string; dir: string; svg: () => string; cover: boolean }[] = [];
  for (const post of plan.posts) {
    const spec = post.picture ?? (post.clip !== null && !ffmpeg ? stillSpec(post) : null);
    if (spec) pictureJobs.push({ key: post.id, dir: `posts/${post.id}`, svg: () => memeSvg(spec), cover: post.longCover });
    for (const m of post.article?.medias ?? []) {
      pictureJobs.push({ key: m.id, dir: `posts/${post.id}/${m.id}`, svg: () => memeSvg(m.picture), cover: false });
    }
  }

  const total = pictureJobs.length + (ffmpeg ? plan.clips.length : 0);
  log(`demo content: making ${pictureJobs.length} pictures${ffmpeg ? ` and ${plan.clips.length} clips` : ''} (${workers} pictures at a time)`);
  const step = Math.max(10, Math.round(total / 10));
  let finished = 0;
  const progress = (): void => {
    finished++;
    if (finished % step === 0 || finished === total) log(`demo content: pictures and clips ${finished}/${total}`);
  };

  // Clips run in their own small pool beside the pictures: an ffmpeg run spends most of its time handing frames
  // between threads, not computing, so on a busy machine a queue of clips would idle the CPU it could use.
  const clipJobs = ffmpeg
    ? plan.clips.map((spec, i) => async (): Promise<Clip | null> => {
        try {
          return await makeClip(target, `posts/clips/clip-${String(i + 1).padStart(2, '0')}`, spec, i);
        } catch (error) {
          log(`demo content: clip ${i + 1} failed (${(error as Error).message.split('\n')[0] ?? ''}); its posts get still pictures`);
          return null;
        }
      })
    : [];
  const picture = (job: (typeof pictureJobs)[number]) => async () =>
    [job.key, await writePictureSet(target, job.dir, { svg: job.svg() }, job.cover)] as const;
  const [clips, pictureResults] = await Promise.all([
    inParallel(clipJobs, Math.min(4, workers * 2), progress),
    inParallel(pictureJobs.map(picture), workers, progress),
  ]);
  const pictures = new Map<string, PictureSet>(pictureResults);
  // A clip that failed leaves its posts with a still picture instead.
  const stills = plan.posts
    .filter((post) => post.clip !== null && ffmpeg && !clips[post.clip])
    .map((post) => ({ key: post.id, dir: `posts/${post.id}`, svg: () => memeSvg(stillSpec(post)), cover: false }));
  for (const [key, set] of await inParallel(stills.map(picture), workers, () => undefined)) pictures.set(key, set);

  const [avatars, anonymousAvatar, interestImages] = await Promise.all([
    inParallel(plan.users.map((u) => () => writeAvatar(target, u.username, u.avatarSeed)), workers, () => undefined),
    writeGhostAvatar(target),
    Promise.all(plan.interests.map((i) => writeInterestImage(target, i.key, i.name, i.hue))),
    // The meme maker's templates (GET /v1/meme-templates).
    writeMemeTemplates(target),
  ]);
  return { clips, pictures, avatars, anonymousAvatar, interestImages };
}

import { randomInt } from 'node:crypto';
import type { UploadStatus } from '@guffaw/api';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/envelope.js';
import { MediaError, detectType, isMediaError, receiveToFile, type MediaFileType } from '../../lib/media/index.js';
import { mediaBaseUrl, type MediaStore } from '../../lib/media/store.js';
import { makeInWorkDir, removeDeadWorkDirs, workDir } from '../../lib/media/work-dir.js';
import { singlePost } from '../posts/service.js';
import { MAX_CLIP_SECONDS, clipSet, isAnimatedGif, pictureSet, probeClip } from './pipeline.js';
import * as repo from './repository.js';
import { MEDIA_TYPES, SIZE_LIMITS, SIZE_MESSAGE, TYPE_MESSAGE, UPLOADS_PER_HOUR, type UploadFields } from './schemas.js';

/** `media`: the media store (lib/media/store.ts), DATA_DIR/media or a bucket; the post's files are under posts/{id}/. */
export type UploadContext = { db: Database; config: Config; media: MediaStore; queue: ClipQueue };

/** POST /submit and GET /v1/submit-status: the contract's UploadStatus (@guffaw/api upload.ts). */
export type { UploadStatus } from '@guffaw/api';

const HOUR_MS = 3_600_000;
/** A processing job not updated for this long belongs to a server that stopped: it is reported failed. */
const STALE_MS = 10 * 60_000;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEADER_BYTES = 4100;

/** Conversions run one at a time in this process (2-core machines); close() stops the running one. */
export class ClipQueue {
  private tail: Promise<void> = Promise.resolve();
  private readonly controller = new AbortController();

  push(job: (signal: AbortSignal) => Promise<void>): void {
    this.tail = this.tail.then(() => job(this.controller.signal)).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.controller.abort();
    await this.tail;
  }
}

/** Fails the clip jobs whose inputs were in the work folders of dead processes, and removes those folders. */
export async function recoverInterrupted(ctx: UploadContext): Promise<void> {
  const ids = removeDeadWorkDirs(ctx.config.dataDir).flatMap((name) => /^job-([A-Za-z0-9]+)$/.exec(name)?.[1] ?? []);
  if (ids.length > 0) await repo.failInterruptedJobs(ctx.db, ids);
}

/** The rules before any byte of the file is read: an active account under its hourly upload limit. */
export async function checkUploader(ctx: UploadContext, userId: number): Promise<void> {
  const user = await repo.findUploader(ctx.db, userId);
  if (!user) throw new HttpError(401, 'LOGIN_REQUIRED', 'Log in to post.');
  if (user.restricted) throw forbidden('ACCOUNT_RESTRICTED', 'Your account cannot post right now.');
  const recent = await repo.countRecentUploads(ctx.db, userId, new Date(Date.now() - HOUR_MS));
  if (recent >= UPLOADS_PER_HOUR) {
    throw new HttpError(429, 'RATE_LIMITED', `You can post up to ${UPLOADS_PER_HOUR} times an hour. Please try again later.`);
  }
}

/** The post as far as the form says: interests resolved, a fresh id; media still to come. */
export async function prepare(ctx: UploadContext, userId: number, fields: UploadFields, hasFile: boolean): Promise<repo.PostDraft> {
  const isMedia = MEDIA_TYPES.includes(fields.type);
  if (isMedia && !hasFile) throw badRequest('MEDIA_REQUIRED', 'Choose a picture, GIF or video to post.');
  if (!isMedia && fields.type !== 'Article' && hasFile) throw badRequest('MEDIA_NOT_ALLOWED', 'Text and forum posts have no file.');
  const interestIds = await repo.findInterestIds(ctx.db, fields.interests);
  const unknown = fields.interests.find((key) => !interestIds.has(key));
  if (unknown !== undefined) throw badRequest('UNKNOWN_INTEREST', `There is no interest "${unknown.slice(0, 64)}".`);
  return {
    id: await newPostId(ctx.db),
    creatorId: userId,
    type: fields.type,
    title: fields.title,
    description: fields.description,
    nsfw: fields.nsfw,
    isAnonymous: fields.anonymous,
    isMeme: fields.meme && fields.type === 'Photo',
    sourceDomain: fields.sourceDomain,
    sourceUrl: fields.sourceUrl,
    images: {},
    article: fields.type === 'Article' ? { blocks: [{ type: 'RichText', content: fields.body }], medias: {} } : null,
    hasLongPostCover: false,
    tags: fields.tags,
    interestIds: fields.interests.map((key) => interestIds.get(key) as number),
  };
}

async function newPostId(db: Database): Promise<string> {
  for (;;) {
    let id = '';
    for (let i = 0; i < 7; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
    if (!(await repo.idTaken(db, id))) return id;
  }
}

/**
 * Streams the file to `dest`: its type read from the first bytes (magic numbers), then its size checked against that
 * type's limit on every chunk, so a wrong or oversized file is refused while it arrives and leaves nothing behind.
 */
export async function receive(source: AsyncIterable<Uint8Array>, dest: string): Promise<{ type: MediaFileType; bytes: number }> {
  const it = source[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  while (headBytes < HEADER_BYTES) {
    const next = await it.next();
    if (next.done) break;
    head.push(next.value);
    headBytes += next.value.length;
  }
  if (headBytes === 0) throw new MediaError('MEDIA_UNREADABLE', 'The file is empty.');
  const type = await detectType(Buffer.concat(head));
  if (type === null) throw new MediaError('IMAGE_INVALID_TYPE', TYPE_MESSAGE);
  const whole: AsyncIterable<Uint8Array> = {
    async *[Symbol.asyncIterator]() {
      yield* head;
      for (;;) {
        const next = await it.next();
        if (next.done) return;
        yield next.value;
      }
    },
  };
  try {
    return await receiveToFile(whole, dest, SIZE_LIMITS[type]);
  } catch (error) {
    if (isMediaError(error) && error.code === 'IMAGE_INVALID_SIZE') throw new MediaError('IMAGE_INVALID_SIZE', SIZE_MESSAGE);
    throw error;
  }
}

const postKey = (id: string) => `posts/${id}`;
const postMediaUrl = (ctx: UploadContext, id: string) => `${mediaBaseUrl(ctx.config)}/posts/${id}`;
/** Removes what a failed publication put in the store; a store that fails here leaves unused files, not a broken post. */
const dropMedia = (ctx: UploadContext, id: string) => ctx.media.deleteFolder(postKey(id)).catch(() => undefined);
const postUrl = (ctx: UploadContext, id: string) => `${ctx.config.publicUrl.replace(/\/$/, '')}/gag/${id}`;

/**
 * Makes the media and publishes. Pictures (and text posts) are written before the reply; a GIF or video is
 * converted in the background: the reply says 'processing' and GET /v1/submit-status follows it. `file.path` is
 * taken over (moved) when the conversion is queued.
 */
export async function publish(ctx: UploadContext, draft: repo.PostDraft, file: { path: string; type: MediaFileType } | null): Promise<UploadStatus> {
  if (!file) {
    await repo.publishPost(ctx.db, draft, 'insert');
    return ready(ctx, draft.id, draft.type);
  }
  const still = file.type === 'jpeg' || file.type === 'png' || (file.type === 'gif' && !(await isAnimatedGif(file.path)));
  const outDir = postKey(draft.id);
  if (draft.type === 'Article') {
    if (!still) throw badRequest('COVER_MUST_BE_PICTURE', 'The cover of an article must be a picture (JPEG, PNG or a still GIF).');
    try {
      // The cover lives in the post's images only: the post page draws it above the blocks, so a Media block of it
      // would show it twice.
      draft.images = { ...(await makeInWorkDir(ctx.config.dataDir, ctx.media, outDir, (dir) => pictureSet(file.path, dir, postMediaUrl(ctx, draft.id)))) };
      await repo.publishPost(ctx.db, draft, 'insert');
    } catch (error) {
      await dropMedia(ctx, draft.id);
      throw error;
    }
    return ready(ctx, draft.id, draft.type);
  }
  if (still) {
    draft.type = 'Photo';
    try {
      const set = await makeInWorkDir(ctx.config.dataDir, ctx.media, outDir, (dir) => pictureSet(file.path, dir, postMediaUrl(ctx, draft.id)));
      draft.images = { ...set };
      draft.hasLongPostCover = set.image460c !== undefined;
      await repo.publishPost(ctx.db, draft, 'insert');
    } catch (error) {
      await dropMedia(ctx, draft.id);
      throw error;
    }
    return ready(ctx, draft.id, draft.type);
  }

  const probe = await probeClip(file.path);
  if (!probe.hasVideo) throw new MediaError('MEDIA_UNREADABLE', 'The file could not be read as a video.');
  if (probe.duration !== null && probe.duration > MAX_CLIP_SECONDS + 0.5) {
    throw badRequest('VIDEO_TOO_LONG', `Videos can be up to ${MAX_CLIP_SECONDS} seconds long.`);
  }
  if (file.type === 'gif') draft.type = 'Animated';
  else if (draft.type !== 'Animated' && draft.type !== 'Video') draft.type = probe.hasAudio ? 'Video' : 'Animated';
  const withAudio = probe.hasAudio && file.type !== 'gif';
  const owned = join(workDir(ctx.config.dataDir), `job-${draft.id}`);
  await rename(file.path, owned);
  await repo.insertProcessingJob(ctx.db, draft);
  ctx.queue.push((signal) => convert(ctx, draft, owned, { withAudio, duration: probe.duration, signal }));
  return { id: draft.id, status: 'processing', progress: 0, type: draft.type, url: postUrl(ctx, draft.id) };
}

async function convert(ctx: UploadContext, draft: repo.PostDraft, input: string, o: { withAudio: boolean; duration: number | null; signal: AbortSignal }) {
  const outDir = postKey(draft.id);
  let last = 0;
  let writing: Promise<void> = Promise.resolve();
  try {
    if (o.signal.aborted) throw new MediaError('MEDIA_UNREADABLE', 'Processing was interrupted.');
    const clip = await makeInWorkDir(ctx.config.dataDir, ctx.media, outDir, (dir) =>
      clipSet(input, dir, postMediaUrl(ctx, draft.id), {
        withAudio: o.withAudio,
        duration: o.duration,
        signal: o.signal,
        onProgress: (percent) => {
          const scaled = Math.round(percent * 0.9);
          if (scaled - last < 5) return;
          last = scaled;
          writing = writing.then(() => repo.setProgress(ctx.db, draft.id, scaled)).catch(() => undefined);
        },
      }),
    );
    await writing;
    draft.images = { ...clip.poster, image460sv: clip.sv };
    await repo.publishPost(ctx.db, draft, 'update');
  } catch (error) {
    await writing;
    await dropMedia(ctx, draft.id);
    const [code, message] = o.signal.aborted
      ? ['PROCESSING_INTERRUPTED', 'Processing was interrupted. Please upload the file again.']
      : isMediaError(error)
        ? [error.code, 'The file could not be converted: it may be damaged or in an unsupported format.']
        : ['PROCESSING_FAILED', 'The file could not be processed. Please try again.'];
    await repo.failJob(ctx.db, draft.id, code, message).catch(() => undefined);
  } finally {
    await rm(input, { force: true });
  }
}

async function ready(ctx: UploadContext, id: string, type: string): Promise<UploadStatus> {
  const status: UploadStatus = { id, status: 'ready', progress: 100, type, url: postUrl(ctx, id) };
  try {
    status.post = await singlePost({ db: ctx.db, config: ctx.config }, id);
  } catch {
    // Deleted since: the job still reports ready, without the post.
  }
  return status;
}

/** GET /v1/submit-status: the uploader's own jobs only. */
export async function uploadStatus(ctx: UploadContext, userId: number, id: string): Promise<UploadStatus> {
  let job = await repo.findJob(ctx.db, id);
  if (!job || job.userId !== userId) throw notFound('UPLOAD_NOT_FOUND', 'There is no such upload of yours.');
  if (job.status === 'processing' && job.updatedAt.getTime() < Date.now() - STALE_MS) {
    await repo.failStaleJobs(ctx.db, new Date(Date.now() - STALE_MS));
    job = (await repo.findJob(ctx.db, id)) ?? job;
  }
  if (job.status === 'ready') return ready(ctx, job.id, job.type);
  const status: UploadStatus = { id: job.id, status: job.status as UploadStatus['status'], progress: job.progress, type: job.type, url: postUrl(ctx, job.id) };
  if (job.errorCode) status.errorCode = job.errorCode;
  if (job.errorMessage) status.errorMessage = job.errorMessage;
  return status;
}

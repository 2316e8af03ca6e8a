import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Generated, Int8, Json, Timestamp } from '../../db/schema.js';

/** 0005-uploads: one row per accepted upload (see the migration). */
export interface UploadJobs {
  id: string;
  userId: Int8;
  type: string;
  status: Generated<string>;
  progress: Generated<number>;
  draft: Generated<Json>;
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

declare module '../../db/schema.js' {
  interface DB {
    uploadJobs: UploadJobs;
  }
}

export type UploadJob = Selectable<UploadJobs>;

/** Everything the posts row and its links need, kept in the job while a clip converts. */
export type PostDraft = {
  id: string;
  creatorId: number;
  type: string;
  title: string;
  description: string;
  nsfw: boolean;
  isAnonymous: boolean;
  isMeme: boolean;
  sourceDomain: string;
  sourceUrl: string;
  images: Record<string, unknown>;
  article: Record<string, unknown> | null;
  hasLongPostCover: boolean;
  tags: string[];
  interestIds: number[];
};

export async function findUploader(db: Database, id: number) {
  return db.selectFrom('users').select(['id', 'restricted']).where('id', '=', id).where('deletedAt', 'is', null).executeTakeFirst();
}

export async function countRecentUploads(db: Database, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('uploadJobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findInterestIds(db: Database, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('interests').select(['id', 'key']).where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, r.id]));
}

export async function idTaken(db: Database, id: string): Promise<boolean> {
  const [post, job] = await Promise.all([
    db.selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst(),
    db.selectFrom('uploadJobs').select('id').where('id', '=', id).executeTakeFirst(),
  ]);
  return Boolean(post ?? job);
}

export async function insertProcessingJob(db: Database, draft: PostDraft): Promise<void> {
  await db
    .insertInto('uploadJobs')
    .values({ id: draft.id, userId: draft.creatorId, type: draft.type, status: 'processing', progress: 0, draft: JSON.stringify(draft) })
    .execute();
}

export async function setProgress(db: Database, id: string, progress: number): Promise<void> {
  await db
    .updateTable('uploadJobs')
    .set({ progress, updatedAt: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}

export async function failJob(db: Database, id: string, code: string, message: string): Promise<void> {
  await db
    .updateTable('uploadJobs')
    .set({ status: 'failed', errorCode: code, errorMessage: message, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Jobs still processing whose conversion died with its server (upload service recoverInterrupted). */
export async function failInterruptedJobs(db: Database, ids: string[]): Promise<void> {
  await db
    .updateTable('uploadJobs')
    .set({ status: 'failed', errorCode: 'PROCESSING_INTERRUPTED', errorMessage: 'Processing was interrupted. Please upload the file again.', updatedAt: new Date() })
    .where('id', 'in', ids)
    .where('status', '=', 'processing')
    .execute();
}

export async function findJob(db: Database, id: string): Promise<UploadJob | undefined> {
  return db.selectFrom('uploadJobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Writes the post, its tags (created when new) and interests, the uploader's upload time and the job's 'ready'
 * state in one transaction: the post exists whole or not at all.
 */
export async function publishPost(db: Database, draft: PostDraft, job: 'insert' | 'update'): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    await trx
      .insertInto('posts')
      .values({
        id: draft.id,
        creatorId: draft.creatorId,
        type: draft.type,
        title: draft.title,
        description: draft.description,
        nsfw: draft.nsfw,
        sensitiveCover: draft.nsfw,
        isAnonymous: draft.isAnonymous,
        canAnonymous: draft.isAnonymous,
        isMeme: draft.isMeme,
        sourceDomain: draft.sourceDomain,
        sourceUrl: draft.sourceUrl,
        images: JSON.stringify(draft.images),
        article: draft.article ? JSON.stringify(draft.article) : null,
        hasLongPostCover: draft.hasLongPostCover,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    if (draft.tags.length) {
      await trx
        .insertInto('tags')
        .values(draft.tags.map((key) => ({ key })))
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const tagRows = await trx.selectFrom('tags').select(['id', 'key']).where('key', 'in', draft.tags).execute();
      const ids = new Map(tagRows.map((r) => [r.key, r.id]));
      await trx
        .insertInto('postTags')
        .values(draft.tags.map((key, position) => ({ postId: draft.id, tagId: ids.get(key) as number, position })))
        .execute();
    }
    if (draft.interestIds.length) {
      await trx
        .insertInto('postInterests')
        .values(draft.interestIds.map((interestId) => ({ postId: draft.id, interestId })))
        .execute();
    }
    await trx.updateTable('users').set({ uploadAt: now }).where('id', '=', draft.creatorId).execute();
    if (job === 'insert') {
      await trx
        .insertInto('uploadJobs')
        .values({ id: draft.id, userId: draft.creatorId, type: draft.type, status: 'ready', progress: 100 })
        .execute();
    } else {
      await trx
        .updateTable('uploadJobs')
        .set({ status: 'ready', progress: 100, draft: '{}', updatedAt: now })
        .where('id', '=', draft.id)
        .execute();
    }
  });
}

/** Jobs of a server that stopped mid-conversion: nothing updates them any more. */
export async function failStaleJobs(db: Database, before: Date): Promise<void> {
  await db
    .updateTable('uploadJobs')
    .set({ status: 'failed', errorCode: 'PROCESSING_INTERRUPTED', errorMessage: 'Processing was interrupted. Please upload the file again.', updatedAt: sql`now()` })
    .where('status', '=', 'processing')
    .where('updatedAt', '<', before)
    .execute();
}

import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/index.js';
import type { AppRow } from '../repo/index.js';
import type { ImportComment } from './records.js';
import type { Source } from './sources.js';

/** One import's options, counts and working state, shared by its phases (import-*.ts). */

export type ImportOptions = {
  appId: string;
  source: Source;
  /** Host rewrites: old host (lower case) -> new host, applied to every thread URL. */
  rewriteHosts?: Map<string, string>;
  batchSize?: number;
  /** Called after each batch (progress bar). */
  onProgress?: (stats: ImportStats) => void;
  /** Every skipped record, as it is skipped (the CLI writes them to the report). */
  onSkip?: (item: SkippedItem) => void;
};

export type ImportStats = { read: number; created: number; existing: number; skipped: number; users: number; sections: number };
export type SkippedItem = { sourceId: string; reason: string; detail: string };
export type ImportReport = ImportStats & { skippedByReason: Record<string, number>; skippedItems: SkippedItem[] };

/** Skipped records the report keeps in memory (all of them go to onSkip). */
export const REPORT_ITEMS = 1000;
export const CACHE_MAX = 20_000;
export const SKIPPED_IDS_MAX = 200_000;
export const newId = () => randomBytes(9).toString('base64url');

export class BoundedMap<V> extends Map<string, V> {
  constructor(private readonly max: number) {
    super();
  }
  override set(key: string, value: V): this {
    if (this.size >= this.max && !this.has(key)) {
      const oldest = this.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    return super.set(key, value);
  }
}

export type ParentInfo = { id: number; level: number; threadId: number | null; sectionId: number; authorName: string; authorProfileUrl: string; isDeleted: boolean; opStatus: number };
export type Ready = { rec: ImportComment; sectionId: number };

/** What an import carries from record to record and batch to batch. */
export type ImportRun = {
  db: Database;
  app: AppRow;
  source: Source;
  opts: ImportOptions;
  stats: ImportStats;
  skippedByReason: Record<string, number>;
  skippedItems: SkippedItem[];
  skippedIds: Set<string>;
  /** App user ids of authors, by author key. */
  userIds: BoundedMap<number>;
  /** Section ids, by URL. */
  sectionIds: BoundedMap<number>;
  /** The sections this import wrote to, recomputed at the end. */
  touched: Set<number>;
  /** Records whose parent has not been seen yet, by that parent's source id. */
  waiting: Map<string, ImportComment[]>;
  /** Records whose parent was just written: they go with the next batch. */
  carry: ImportComment[];
  skip(sourceId: string, reason: string, detail?: string): void;
};

export function startRun(db: Database, app: AppRow, opts: ImportOptions): ImportRun {
  const run: ImportRun = {
    db,
    app,
    source: opts.source,
    opts,
    stats: { read: 0, created: 0, existing: 0, skipped: 0, users: 0, sections: 0 },
    skippedByReason: {},
    skippedItems: [],
    skippedIds: new Set<string>(),
    userIds: new BoundedMap<number>(CACHE_MAX),
    sectionIds: new BoundedMap<number>(CACHE_MAX),
    touched: new Set<number>(),
    waiting: new Map<string, ImportComment[]>(),
    carry: [],
    skip: (sourceId, reason, detail = '') => {
      run.stats.skipped += 1;
      run.skippedByReason[reason] = (run.skippedByReason[reason] ?? 0) + 1;
      const item = { sourceId, reason, detail };
      if (run.skippedItems.length < REPORT_ITEMS) run.skippedItems.push(item);
      run.opts.onSkip?.(item);
      if (run.skippedIds.size < SKIPPED_IDS_MAX) run.skippedIds.add(sourceId);
      // Replies that waited for it cannot be placed either.
      const children = run.waiting.get(sourceId);
      if (children) {
        run.waiting.delete(sourceId);
        for (const c of children) run.skip(c.sourceId, 'PARENT_SKIPPED', `its parent ${sourceId} was skipped`);
      }
    },
  };
  return run;
}

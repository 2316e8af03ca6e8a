import { join } from 'node:path';
import { diskStore } from './disk-store.js';
import { diskMediaDir, openMediaStore } from './open-store.js';
import type { MediaStore } from './store.js';

export type CopyProgress = {
  files: number;
  bytes: number;
  doneFiles: number;
  doneBytes: number;
  copied: number;
  copiedBytes: number;
  skipped: number;
  failed: number;
};
export type CopySummary = CopyProgress & { failures: { key: string; reason: string }[]; seconds: number };

export type CopyOptions = {
  /** Files copied at once. */
  concurrency?: number;
  /** Only count what would be copied. */
  dryRun?: boolean;
  onProgress?: (progress: CopyProgress) => void;
};

/**
 * Copies every file of the disk folder `from` (DATA_DIR/media) to `to`, keeping its key. Resumable: a key `to`
 * already has with the same size is skipped, so a second run after an interrupted or finished one copies only what
 * is missing. `to` is listed once at the start (1,000 keys a request on S3) rather than asked file by file.
 * A file that fails is reported and the others go on; nothing is removed from `from`.
 */
export async function copyMedia(fromDir: string, from: MediaStore, to: MediaStore, options: CopyOptions = {}): Promise<CopySummary> {
  const started = Date.now();
  const present = new Map<string, number>();
  for await (const o of to.list()) present.set(o.key, o.size);
  const files: { key: string; size: number }[] = [];
  for await (const o of from.list()) {
    // A file still being written by put() (its .partial- twin) is not media yet.
    if (!/\.partial-\d+$/.test(o.key)) files.push(o);
  }
  files.sort((a, b) => a.key.localeCompare(b.key));
  const progress: CopyProgress = {
    files: files.length,
    bytes: files.reduce((sum, f) => sum + f.size, 0),
    doneFiles: 0,
    doneBytes: 0,
    copied: 0,
    copiedBytes: 0,
    skipped: 0,
    failed: 0,
  };
  const failures: CopySummary['failures'] = [];
  options.onProgress?.({ ...progress });

  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as { key: string; size: number };
      if (present.get(file.key) === file.size) {
        progress.skipped += 1;
      } else if (options.dryRun) {
        progress.copied += 1;
        progress.copiedBytes += file.size;
      } else {
        try {
          await to.put(file.key, join(fromDir, ...file.key.split('/')));
          progress.copied += 1;
          progress.copiedBytes += file.size;
        } catch (error) {
          progress.failed += 1;
          failures.push({ key: file.key, reason: (error as Error).message });
        }
      }
      progress.doneFiles += 1;
      progress.doneBytes += file.size;
      options.onProgress?.({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 8, files.length)) }, worker));
  return { ...progress, failures, seconds: (Date.now() - started) / 1000 };
}

const MB = 1024 * 1024;
export const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** One progress line: a bar, files and bytes done, and what happened to them. */
export function progressLine(p: CopyProgress, width = 24): string {
  const ratio = p.bytes > 0 ? p.doneBytes / p.bytes : p.files > 0 ? p.doneFiles / p.files : 1;
  const filled = Math.round(ratio * width);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
  return `${bar} ${String(Math.floor(ratio * 100)).padStart(3)}%  ${p.doneFiles}/${p.files} files  ${megabytes(p.doneBytes)}/${megabytes(p.bytes)}  copied ${p.copied}, skipped ${p.skipped}, failed ${p.failed}`;
}

/**
 * The demo seed writes its pictures under DATA_DIR/media (seed/images.ts); with MEDIA_STORE set, server.ts hands
 * them to the store right after seeding, as `npm run media -- migrate` would. Returns a line for the log.
 */
export async function copySeededMedia(config: Parameters<typeof openMediaStore>[0]): Promise<string> {
  const dir = diskMediaDir(config);
  const to = await openMediaStore(config);
  try {
    const s = await copyMedia(dir, diskStore(dir), to);
    if (s.failed > 0) return `demo media: ${s.failed} of ${s.files} files not copied to ${to.description} (${s.failures[0]?.reason}); run npm run media -- migrate`;
    return `demo media copied to ${to.description}: ${s.copied} files (${megabytes(s.copiedBytes)}) in ${s.seconds.toFixed(1)} s`;
  } catch (error) {
    return `demo media not copied to ${to.description} (${(error as Error).message}); run npm run media -- migrate`;
  } finally {
    to.close();
  }
}

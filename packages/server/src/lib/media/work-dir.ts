import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaStore } from './store.js';

/**
 * Media work in progress (uploads being received, variants being made, clip inputs waiting for their conversion)
 * lives in this process's own folder, DATA_DIR/tmp/{host}-{pid}-{start}, and reaches the media store (DATA_DIR/media
 * or a bucket, store.ts) only finished, by a rename or a put of each whole file: after a kill -9 nothing half-written
 * is in media/, and the next start removes what the dead process left (removeDeadWorkDirs). Instances that share a DATA_DIR (README "Running several instances") each keep their own
 * folder; the start time tells a dead process from a new one that got the same pid (pid 1 in a container).
 */
const PROCESS_START = Math.round(Date.now() - process.uptime() * 1000);
const HOST = hostname().replace(/[^A-Za-z0-9.]/g, '_') || 'host';
/** The work folder's name of a process of this host. */
export const workDirName = (pid: number, start: number) => `${HOST}-${pid}-${start}`;
const OWN_NAME = workDirName(process.pid, PROCESS_START);
/** A folder of another host (a shared volume) is only removed once this old: we cannot ask that host about its pid. */
const FOREIGN_MAX_AGE_MS = 24 * 60 * 60_000;

const workRoot = (dataDir: string) => (dataDir ? join(dataDir, 'tmp') : join(tmpdir(), 'guffaw-work'));

/** This process's work folder under `dataDir` (the system temp folder when `dataDir` is empty, in tests); created. */
export function workDir(dataDir: string): string {
  const dir = join(workRoot(dataDir), OWN_NAME);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Removes the work folders of processes that are gone: this host's whose pid is dead or taken by a later process,
 * and other hosts' older than a day. Returns the names of the files that were in them, so the caller can fail the
 * jobs they stood for.
 */
export function removeDeadWorkDirs(dataDir: string): string[] {
  const root = workRoot(dataDir);
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return [];
  }
  const left: string[] = [];
  for (const name of entries) {
    if (name === OWN_NAME || !isDead(name, join(root, name))) continue;
    try {
      left.push(...readdirSync(join(root, name)));
    } catch {
      // Not a folder: removed all the same.
    }
    rmSync(join(root, name), { recursive: true, force: true });
  }
  return left;
}

function isDead(name: string, path: string): boolean {
  const m = /^(.*)-(\d+)-(\d+)$/.exec(name);
  if (!m || m[1] !== HOST) {
    try {
      return Date.now() - statSync(path).mtimeMs > FOREIGN_MAX_AGE_MS;
    } catch {
      return false;
    }
  }
  const pid = Number(m[2]);
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}

/**
 * Makes a media folder in the work folder, then hands it to the media store as the objects under `key` ("posts/{id}"):
 * on disk it is moved to DATA_DIR/media whole (replacing a leftover of the same name); to a bucket each file is put
 * whole. On failure nothing is left in the work folder.
 */
export async function makeInWorkDir<T>(dataDir: string, store: MediaStore, key: string, make: (dir: string) => Promise<T>): Promise<T> {
  const staging = join(workDir(dataDir), `media-${key.replace(/[^A-Za-z0-9_-]/g, '_').slice(-120)}`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    const result = await make(staging);
    await store.putFolder(staging, key);
    return result;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

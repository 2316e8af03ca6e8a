import { createReadStream, type Stats } from 'node:fs';
import { copyFile, cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { assertKey, contentTypeOf, folderPrefix, type ByteRange, type ListedObject, type MediaStore, type StoredBody, type StoredObject } from './store.js';

/** The default store: a folder (DATA_DIR/media), as the server kept media before MEDIA_STORE existed. */
export function diskStore(root: string): MediaStore {
  const pathOf = (key: string) => join(root, ...assertKey(key).split('/'));

  async function statFile(key: string): Promise<Stats | null> {
    try {
      const s = await stat(pathOf(key));
      return s.isFile() ? s : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  const describe = (key: string, s: Stats): StoredObject => ({
    size: s.size,
    // The ETag @fastify/static gave these files: size and modification time, so a copied folder keeps its tags.
    etag: `W/"${s.size.toString(16)}-${s.mtime.getTime().toString(16)}"`,
    lastModified: s.mtime,
    contentType: contentTypeOf(key),
  });

  async function* walk(dir: string): AsyncGenerator<ListedObject> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(path);
      else if (entry.isFile()) {
        const s = await stat(path).catch(() => null);
        if (s) yield { key: relative(root, path).split(sep).join('/'), size: s.size };
      }
    }
  }

  return {
    description: root,
    async put(key, path) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Copied beside it, then renamed over it: a reader never sees half a file.
      const partial = `${target}.partial-${process.pid}`;
      await copyFile(path, partial);
      await rename(partial, target);
    },
    async get(key, range?: ByteRange): Promise<StoredBody | null> {
      const s = await statFile(key);
      if (!s) return null;
      const body = createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
      return { ...describe(key, s), body };
    },
    async head(key) {
      const s = await statFile(key);
      return s ? describe(key, s) : null;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    list(prefix = '') {
      const folder = folderPrefix(prefix);
      return walk(folder ? join(root, ...folder.slice(0, -1).split('/')) : root);
    },
    async putFolder(dir, prefix) {
      const finalDir = pathOf(prefix);
      await mkdir(dirname(finalDir), { recursive: true });
      await rm(finalDir, { recursive: true, force: true });
      await rename(dir, finalDir).catch(async (error: NodeJS.ErrnoException) => {
        // The work folder on another file system than media/: copied, then the copy is the whole folder.
        if (error.code !== 'EXDEV') throw error;
        await cp(dir, finalDir, { recursive: true });
        await rm(dir, { recursive: true, force: true });
      });
    },
    async deleteFolder(prefix) {
      await rm(pathOf(prefix.replace(/\/$/, '')), { recursive: true, force: true });
    },
    close() {},
  };
}

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

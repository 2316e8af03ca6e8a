import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { readOwnJson, readRemark42 } from './json-sources.js';
import type { ImportRecord } from './records.js';
import { readDisqus, readWordPress } from './xml-sources.js';

/**
 * Readers of the files an import takes, each a stream of records in file order, in constant memory: XML through a
 * streaming parser (saxes: no DTD, no external entities), line-delimited JSON line by line. Text arrives as our plain
 * text (HTML converted by html-text.ts); the writer applies the comment text rules. This file opens the input and
 * picks the reader: xml-sources.ts (Disqus, WordPress) or json-sources.ts (Remark42, our own export).
 */
export type Source = 'disqus' | 'wordpress' | 'remark42' | 'json';
export const SOURCES: Source[] = ['disqus', 'wordpress', 'remark42', 'json'];

/** Bytes read so far, for the progress bar. */
export type ReadProgress = { bytes: number };

/**
 * A file (or stdin with '-') as a stream, counting the bytes read (the progress bar); a gzipped file (Remark42 backups
 * are .gz) is recognised by its magic bytes and inflated on the way.
 */
export function openInput(path: string, progress: ReadProgress): Readable {
  const raw = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: 256 * 1024 });
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      progress.bytes += chunk.length;
      done(null, chunk);
    },
  });
  let gzipped = false;
  if (path !== '-') {
    const head = Buffer.alloc(2);
    const fd = openSync(path, 'r');
    try {
      gzipped = readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
    } finally {
      closeSync(fd);
    }
  }
  const fail = (target: Readable) => (error: Error) => target.destroy(error);
  raw.on('error', fail(count));
  const counted = raw.pipe(count);
  if (!gzipped) return counted;
  const gunzip = createGunzip();
  count.on('error', fail(gunzip));
  return counted.pipe(gunzip);
}

export function readSource(source: Source, input: Readable): AsyncGenerator<ImportRecord> {
  if (source === 'disqus') return readDisqus(input);
  if (source === 'wordpress') return readWordPress(input);
  if (source === 'remark42') return readRemark42(input);
  return readOwnJson(input);
}

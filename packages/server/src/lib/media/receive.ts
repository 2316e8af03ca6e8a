import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';

/** comments.md §5: the accepted upload types (by magic bytes, never by name or declared type) and the size cap. */
export const MAX_UPLOAD_BYTES = 10_485_760;
export const ACCEPTED_TYPES = ['gif', 'jpeg', 'png', 'mp4', 'webm'] as const;
export type MediaFileType = (typeof ACCEPTED_TYPES)[number];

export type MediaErrorCode = 'IMAGE_INVALID_TYPE' | 'IMAGE_INVALID_SIZE' | 'MEDIA_UNREADABLE';

/** A problem with the uploaded file itself: the route answers 4xx with `code`. */
export class MediaError extends Error {
  override readonly name = 'MediaError';
  constructor(
    readonly code: MediaErrorCode,
    message: string,
  ) {
    super(message);
  }
}
export const isMediaError = (e: unknown): e is MediaError =>
  typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'MediaError';

export const invalidType = () => new MediaError('IMAGE_INVALID_TYPE', 'Unsupported type.');
export const invalidSize = () => new MediaError('IMAGE_INVALID_SIZE', 'Media size should be less than 10MB');

/** Bytes file-type reads to recognise every accepted type. */
const HEADER_BYTES = 4100;

const MIME_TO_TYPE: Record<string, MediaFileType> = {
  'image/gif': 'gif',
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

/** The accepted type of a file's first bytes, or null. Some MP4 brands report as video/quicktime-free variants: only the ones listed pass. */
export async function detectType(header: Uint8Array): Promise<MediaFileType | null> {
  const found = await fileTypeFromBuffer(header);
  if (!found) return null;
  return MIME_TO_TYPE[found.mime] ?? null;
}

/**
 * Streams an upload to `dest`, checking its type on the first bytes and its size on every chunk, so a wrong or
 * oversized file is refused while it arrives: at most `maxBytes` + one chunk is ever read, nothing is buffered whole.
 * On failure the partial file is removed and the source is left for the caller to drain.
 */
export async function receiveToFile(
  source: AsyncIterable<Uint8Array>,
  dest: string,
  maxBytes = MAX_UPLOAD_BYTES,
): Promise<{ bytes: number; type: MediaFileType }> {
  const out = createWriteStream(dest, { flags: 'wx' });
  const outClosed = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', reject);
  });
  let bytes = 0;
  let type: MediaFileType | null = null;
  let header: Buffer[] = [];
  let headerBytes = 0;
  const write = (chunk: Uint8Array) =>
    new Promise<void>((resolve, reject) => out.write(chunk, (err) => (err ? reject(err) : resolve())));
  try {
    for await (const chunk of source) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw invalidSize();
      if (type === null) {
        header.push(Buffer.from(chunk));
        headerBytes += chunk.length;
        if (headerBytes < HEADER_BYTES) continue;
        type = await detectType(Buffer.concat(header));
        if (type === null) throw invalidType();
        for (const part of header) await write(part);
        header = [];
        continue;
      }
      await write(chunk);
    }
    if (type === null) {
      if (headerBytes === 0) throw new MediaError('MEDIA_UNREADABLE', 'The file is empty.');
      type = await detectType(Buffer.concat(header));
      if (type === null) throw invalidType();
      for (const part of header) await write(part);
    }
    out.end();
    await outClosed;
    return { bytes, type };
  } catch (error) {
    out.destroy();
    await outClosed.catch(() => undefined);
    await rm(dest, { force: true });
    throw error;
  }
}

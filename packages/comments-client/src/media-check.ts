import { ClientErrorCode, CommentMessages, MAX_UPLOAD_BYTES, MEDIA_TYPES } from './constants.js';
import { CommentsClientError } from './errors.js';

const invalidType = () => new CommentsClientError(ClientErrorCode.imageInvalidType, CommentMessages.unsupportedType);
const invalidSize = () => new CommentsClientError(ClientErrorCode.imageInvalidSize, CommentMessages.mediaTooLarge);

/** The media type the first bytes announce, or null. The server checks again; this only spares a doomed upload. */
export function sniffMediaType(head: Uint8Array): string | null {
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  if (at(0, [0x47, 0x49, 0x46, 0x38])) return 'image/gif'; // GIF8
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(4, [0x66, 0x74, 0x79, 0x70])) return 'video/mp4'; // ....ftyp
  if (at(0, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm'; // EBML
  return null;
}

type Reader = { result: unknown; onload: (() => void) | null; onerror: (() => void) | null; readAsArrayBuffer(b: Blob): void };

/** The first bytes of a blob; through FileReader where Blob lacks arrayBuffer() (older engines, jsdom). */
function readHead(blob: Blob): Promise<Uint8Array> {
  const head = blob.slice(0, 12);
  if (typeof head.arrayBuffer === 'function') return head.arrayBuffer().then((b) => new Uint8Array(b));
  const FileReaderImpl = (globalThis as { FileReader?: new () => Reader }).FileReader;
  if (!FileReaderImpl) return Promise.resolve(new Uint8Array());
  return new Promise((resolve, reject) => {
    const reader = new FileReaderImpl();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(invalidType());
    reader.readAsArrayBuffer(head);
  });
}

/**
 * Accepted: gif, jpeg, png, mp4 or webm (declared MIME type and magic bytes must agree), at most 10485760
 * bytes. Throws IMAGE_INVALID_TYPE or IMAGE_INVALID_SIZE before anything is sent.
 */
export async function checkMedia(blob: Blob): Promise<void> {
  if (blob.type && !MEDIA_TYPES.includes(blob.type)) throw invalidType();
  if (blob.size > MAX_UPLOAD_BYTES) throw invalidSize();
  const sniffed = sniffMediaType(await readHead(blob));
  if (!sniffed || (blob.type && sniffed !== blob.type)) throw invalidType();
}

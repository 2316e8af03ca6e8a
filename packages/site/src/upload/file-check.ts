import { SIZE_LIMIT_TEXT } from './upload-api';

/** What a file is by its first bytes, as the server decides it (server lib/media/receive.ts): never by its name. */
export type FileKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'mp4' | 'webm';

const MB = 1024 * 1024;
const LIMITS: Record<FileKind, number> = { jpeg: 10 * MB, png: 10 * MB, webp: 10 * MB, gif: 20 * MB, mp4: 50 * MB, webm: 50 * MB };
export const TYPE_REFUSED = 'This file type is not supported: upload a JPEG, PNG or GIF picture, or an MP4 or WebM video.';
export const PICTURE_REFUSED = 'This file type is not supported: choose a JPEG, PNG or GIF picture.';

function head(file: Blob, bytes: number): Promise<Uint8Array> {
  const part = file.slice(0, bytes);
  if (typeof part.arrayBuffer === 'function') return part.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(part);
  });
}

/** The kind of a file by its magic numbers, or null for anything else. */
export function kindOf(b: Uint8Array): FileKind | null {
  const at = (offset: number, ...bytes: number[]) => bytes.every((x, i) => b[offset + i] === x);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  if (at(4, 0x66, 0x74, 0x79, 0x70)) return 'mp4';
  if (at(0, 0x1a, 0x45, 0xdf, 0xa3)) return 'webm';
  return null;
}

/**
 * The checks every way of giving a file goes through (chooser, drop, paste): its kind by content among `allowed`
 * and the size limit of that kind. Resolves with the problem to show, or null when the file can be sent.
 */
export async function fileProblem(file: File, allowed: readonly FileKind[]): Promise<string | null> {
  let kind: FileKind | null;
  try {
    kind = kindOf(await head(file, 16));
  } catch {
    return 'This file could not be read. Please choose it again.';
  }
  if (!kind || !allowed.includes(kind)) return allowed.includes('mp4') ? TYPE_REFUSED : PICTURE_REFUSED;
  if (file.size > LIMITS[kind]) return `This file is too large: ${SIZE_LIMIT_TEXT}`;
  return null;
}

export const MEDIA_KINDS: readonly FileKind[] = ['jpeg', 'png', 'gif', 'mp4', 'webm'];
export const PICTURE_KINDS: readonly FileKind[] = ['jpeg', 'png', 'gif'];

/** The first file of a drop or a paste (clipboardData or dataTransfer), if any. */
export function firstFile(data: DataTransfer | null): File | null {
  if (!data) return null;
  if (data.files.length > 0) return data.files[0] ?? null;
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind === 'file') {
      const file = item.getAsFile();
      if (file) return file;
    }
  }
  return null;
}

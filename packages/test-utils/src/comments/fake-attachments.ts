import type { Attachment } from '@guffaw/comments-client';
import { FakeError } from './fake-error.js';
import { makeMediaItem } from './fixtures.js';

/** The fake service's attachments: an uploaded file or image link (media.json) and a link preview (link-attachment.json). */

const MAX_UPLOAD_BYTES = 10_485_760;
const MEDIA_TYPES = ['image/gif', 'image/jpeg', 'image/png', 'video/mp4', 'video/webm'];

/** An upload's attachment: the file as an object URL (a still image, or a video for GIFs and videos), or an image link. */
export function mediaAttachment(token: string, p: Record<string, string>, files: Record<string, Blob>): Attachment {
  const blob = files.blob;
  if (blob) {
    if (!MEDIA_TYPES.includes(blob.type)) throw new FakeError(400, 'IMAGE_INVALID_TYPE', '');
    if (blob.size > MAX_UPLOAD_BYTES) throw new FakeError(400, 'IMAGE_INVALID_SIZE', '');
    const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : makeMediaItem().image.url;
    const animated = blob.type.startsWith('video/') || blob.type === 'image/gif';
    const item = makeMediaItem();
    return { type: 'userMedia', token, media: animated ? { ...item, type: 'animated', animated: { url, type: 'video/mp4', width: 400, height: 300 } } : { ...item, image: { url, width: 400, height: 300 } } };
  }
  if (p.url && /^https?:\/\//.test(p.url)) {
    return { type: 'userMedia', token, media: makeMediaItem({ image: { url: p.url, width: 400, height: 300 } }) };
  }
  throw new FakeError(400, 'INVALID_INPUT', 'blob or url is required');
}

/** Loopback, private, link-local and unspecified hosts by name or literal address (the fake resolves no names). */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::' || host === '::1') return true;
  if (/^(fc|fd|fe[89ab])[0-9a-f]{0,2}:/.test(host)) return true;
  const v4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (!v4) return false;
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** A link's preview attachment: its host for title and site name; `token` is asked for once the link is valid. */
export function linkPreview(p: Record<string, string>, token: () => string): Attachment {
  let url: URL;
  try {
    url = new URL(p.url ?? '');
  } catch {
    throw new FakeError(400, 'INVALID_URL', 'The link is invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FakeError(400, 'INVALID_URL', 'The link is invalid');
  // As the service's safe fetch: a link to this machine or a private network is never fetched (SSRF).
  if (isPrivateHost(url.hostname)) throw new FakeError(400, 'URL_NOT_ALLOWED', 'This link points to an address that cannot be fetched.');
  return {
    type: 'link',
    token: token(),
    link: { url: url.href, title: url.hostname, description: '', imageUrl: '', siteName: url.hostname },
  };
}

import type { LinkPreview } from '@guffaw/comments-client';

/** Link detection (comments.md §5: apps other than the main one turn links in the text into link attachments). */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/gi;
export const MAX_LINKS_PER_COMMENT = 3;

export function detectLinks(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(URL_IN_TEXT)) {
    const raw = m[0].replace(/[.,;:!?)\]}]+$/, '');
    try {
      const url = new URL(raw).toString();
      if (!found.includes(url)) found.push(url);
    } catch {
      /* not a URL after all: stays plain text */
    }
    if (found.length >= MAX_LINKS_PER_COMMENT) break;
  }
  return found;
}

/** A detected link before (or without) fetching its page: the host stands in for the site name. */
export const barePreview = (url: string): LinkPreview => ({ url, title: '', description: '', imageUrl: '', siteName: new URL(url).hostname });

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const clean = (s: string | undefined, max: number) =>
  decodeEntities(s ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

/**
 * Open Graph preview of an HTML page, read as text: the values are kept as plain strings (the client renders them as
 * text), the image only when it is an http(s) URL.
 */
export function parsePreview(html: string, pageUrl: string): LinkPreview {
  const head = html.slice(0, 512 * 1024);
  const meta = new Map<string, string>();
  for (const tag of head.matchAll(/<meta\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi)) {
    const attrs = new Map<string, string>();
    for (const a of tag[0].matchAll(/([a-zA-Z:-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
      attrs.set((a[1] as string).toLowerCase(), a[3] ?? a[4] ?? a[5] ?? '');
    }
    const key = (attrs.get('property') ?? attrs.get('name') ?? '').toLowerCase();
    const content = attrs.get('content');
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  const titleTag = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1];
  let imageUrl = '';
  const rawImage = meta.get('og:image') ?? meta.get('og:image:url') ?? meta.get('twitter:image');
  if (rawImage) {
    try {
      const u = new URL(decodeEntities(rawImage.trim()), pageUrl);
      if (u.protocol === 'http:' || u.protocol === 'https:') imageUrl = u.toString();
    } catch {
      /* no image */
    }
  }
  return {
    url: pageUrl,
    title: clean(meta.get('og:title') ?? meta.get('twitter:title') ?? titleTag, 300),
    description: clean(meta.get('og:description') ?? meta.get('twitter:description') ?? meta.get('description'), 500),
    imageUrl,
    siteName: clean(meta.get('og:site_name'), 100) || new URL(pageUrl).hostname,
  };
}

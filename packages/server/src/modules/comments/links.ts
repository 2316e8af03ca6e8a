import type { LinkPreview } from '@guffaw/comments-client';
import { Parser } from 'htmlparser2';

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

const clean = (s: string | undefined, max: number) =>
  (s ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

/** How much of a page is read for its preview: the head, where the tags are, with room for a large one. */
const PREVIEW_BYTES = 512 * 1024;

/**
 * Open Graph preview of an HTML page, read by an HTML parser (htmlparser2): only real <meta> elements count, not text
 * in comments, scripts or attribute values that looks like one; entities are decoded once. The values are kept as
 * plain strings (the client renders them as text), the image only when it is an http(s) URL.
 */
export function parsePreview(html: string, pageUrl: string): LinkPreview {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  let titleRead = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'meta') {
          const key = (attrs.property ?? attrs.name ?? '').toLowerCase();
          if (key && attrs.content !== undefined && !meta.has(key)) meta.set(key, attrs.content);
        } else if (name === 'title' && !titleRead) {
          inTitle = true;
        }
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          titleRead = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html.slice(0, PREVIEW_BYTES));
  parser.end();
  let imageUrl = '';
  const rawImage = meta.get('og:image') ?? meta.get('og:image:url') ?? meta.get('twitter:image');
  if (rawImage) {
    try {
      const u = new URL(rawImage.trim(), pageUrl);
      if (u.protocol === 'http:' || u.protocol === 'https:') imageUrl = u.toString();
    } catch {
      /* no image */
    }
  }
  return {
    url: pageUrl,
    title: clean(meta.get('og:title') ?? meta.get('twitter:title') ?? (titleRead ? title : undefined), 300),
    description: clean(meta.get('og:description') ?? meta.get('twitter:description') ?? meta.get('description'), 500),
    imageUrl,
    siteName: clean(meta.get('og:site_name'), 100) || new URL(pageUrl).hostname,
  };
}

/**
 * What a page's <head> says about it to browsers, crawlers and link previews: title, description, canonical address,
 * Open Graph and a large-image Twitter card. Post titles and descriptions are user text: every value is escaped.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * JSON to put inside <script type="application/json">: `<`, `>` and `&` become \u escapes, so no value can close the
 * script (`</script>`) or open a comment (`<!--`); U+2028/2029 are escaped for old parsers. JSON.parse reads it back.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Descriptions in previews are cut at a word near this many characters (Open Graph consumers show about 200). */
export const DESCRIPTION_MAX = 200;

/** Sizes when known; `small` for a picture shown as a thumbnail (an avatar), not a large card. */
export type PageImage = { url: string; width?: number; height?: number; alt: string; small?: boolean };
export type PageHead = {
  title: string;
  description: string;
  /** Absolute canonical address. */
  url: string;
  type: 'website' | 'article';
  siteName: string;
  image: PageImage | null;
};

export function shorten(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The tags that go before </head>. The <title> is replaced in the template separately (see headTitle). */
export function headTags(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}">`,
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
  ];
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image.url),
      ...(head.image.width && head.image.height
        ? [meta('property', 'og:image:width', String(head.image.width)), meta('property', 'og:image:height', String(head.image.height))]
        : []),
      meta('property', 'og:image:alt', head.image.alt),
    );
  }
  tags.push(
    meta('name', 'twitter:card', head.image && !head.image.small ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('name', 'twitter:image', head.image.url), meta('name', 'twitter:image:alt', head.image.alt));
  return tags.join('');
}

export const headTitle = (title: string): string => `<title>${escapeHtml(title)}</title>`;

import { normalizeCommentText } from '../text.js';

/**
 * HTML of an imported comment (Disqus messages, WordPress comment content, Remark42 rendered text) as our plain text.
 * Comments are stored as text and the widget renders text, never HTML: tags are dropped (their text kept), block ends
 * become line breaks, a link keeps its address beside its label, and entities are decoded last (then the comment text rules of text.ts apply), so `&lt;script&gt;`
 * ends up as the characters `<script>`, shown as such. Script, style and similar elements go with their content.
 *
 * `newlines`: 'html' treats line ends in the source as spaces (Disqus, Remark42: HTML where only tags break lines);
 * 'text' keeps them (WordPress stores the text as typed and adds paragraphs only when it displays it).
 */
const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', mdash: '—', ndash: '–', lsquo: '‘', rsquo: '’',
  ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', copy: '©', reg: '®', trade: '™', times: '×', middot: '·', bull: '•',
  shy: '', zwj: '\u200d', zwnj: '\u200c', euro: '€', pound: '£', yen: '¥', cent: '¢', deg: '°', sect: '§', para: '¶',
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      // NUL, surrogates and beyond Unicode: the replacement character (as HTML does).
      if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

const attr = (attrs: string, name: string): string => {
  const m = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? '').trim() : '';
};
const httpUrl = (u: string) => (/^https?:\/\/\S+$/i.test(u) ? u : '');
const stripTags = (s: string) => s.replace(/<[^>]*>/g, '');

export function htmlToText(html: string, newlines: 'html' | 'text' = 'html'): string {
  let s = html.replace(/<!--[\s\S]*?-->/g, '');
  s = s.replace(/<(script|style|iframe|object|embed|template|noscript|svg|math)\b[\s\S]*?<\/\1\s*>/gi, '');
  s = s.replace(/<(script|style|iframe|object|embed|template|noscript|svg|math)\b[^>]*\/?>/gi, '');
  if (newlines === 'html') s = s.replace(/[\r\n]+/g, ' ');
  s = s.replace(/<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi, (_m, attrs: string, label: string) => {
    const href = httpUrl(attr(attrs, 'href'));
    const text = decodeEntities(stripTags(label)).trim();
    if (!href) return text;
    if (!text || text === href || href.replace(/^https?:\/\//i, '').replace(/\/$/, '').startsWith(text.replace(/^https?:\/\//i, '').replace(/…$|\.\.\.$/, ''))) {
      return encodeAmp(href);
    }
    return `${encodeAmp(text)} (${encodeAmp(href)})`;
  });
  s = s.replace(/<img\b([^>]*)>/gi, (_m, attrs: string) => {
    const src = httpUrl(attr(attrs, 'src'));
    return src ? ` ${encodeAmp(src)} ` : attr(attrs, 'alt');
  });
  s = s.replace(/<br\s*\/?>/gi, '\n');
  s = s.replace(/<li\b[^>]*>/gi, '\n- ');
  s = s.replace(/<\/(?:p|div|blockquote|h[1-6]|pre|ul|ol|table|section|article)\s*>/gi, '\n\n');
  s = s.replace(/<(?:p|div|blockquote|h[1-6]|pre|ul|ol|table|section|article)\b[^>]*>/gi, '\n\n');
  s = s.replace(/<\/tr\s*>/gi, '\n');
  s = s.replace(/<\/?[a-z][^>]*>/gi, '');
  s = decodeEntities(s);
  // Spaces around line ends (from the markup's layout) go; runs of blank lines are collapsed by normalizeCommentText.
  return normalizeCommentText(
    s
      .replace(/[^\S\n]+/g, ' ')
      .split('\n')
      .map((line) => line.trim())
      .join('\n'),
  );
}

/** Link text that went through decodeEntities at the end must not change: its `&` is written as `&amp;` first. */
const encodeAmp = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Our plain text as Disqus-style HTML (export): escaped, paragraphs in <p>, single line breaks as <br>. */
export function textToHtml(text: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split(/\n{2,}/)
    .filter((p) => p !== '')
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

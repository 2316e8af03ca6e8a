import type { ReactNode } from 'react';

/**
 * Comment text as React nodes: links and @mentions become anchors, everything else stays text.
 * Nothing here ever produces HTML from user text.
 */
const TOKEN = /(https?:\/\/[^\s<>"']+)|(@[\p{L}\p{N}_.-]+)/gu;
const TRAILING = /[.,!?;:)\]}'"]+$/;

export type TextToken = { kind: 'text'; value: string } | { kind: 'link'; value: string; href: string } | { kind: 'mention'; value: string; href: string };

/** Only http(s) urls become links: no javascript:, data: or relative tricks. */
export const isSafeHref = (href: string): boolean => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(href);

/**
 * At most one blank line between paragraphs: a run of blank lines (whitespace only) reads as one, so a comment cannot
 * push the thread down with a tall gap. The service stores text this way (comments/text.ts); this also covers
 * comments stored before it did.
 */
export const collapseBlankLines = (text: string): string => text.replace(/\r\n?/g, '\n').replace(/\n(?:[^\S\n]*\n){2,}/g, '\n\n');

export function tokenize(text: string, mentionMapping: Record<string, string> = {}): TextToken[] {
  const tokens: TextToken[] = [];
  let last = 0;
  const push = (token: TextToken) => {
    const prev = tokens.at(-1);
    if (token.kind === 'text' && prev?.kind === 'text') prev.value += token.value;
    else tokens.push(token);
  };
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    let value = match[0];
    if (start > last) push({ kind: 'text', value: text.slice(last, start) });
    if (match[1] !== undefined) {
      const trailing = TRAILING.exec(value)?.[0] ?? '';
      value = value.slice(0, value.length - trailing.length);
      if (isSafeHref(value)) push({ kind: 'link', value, href: value });
      else push({ kind: 'text', value });
      if (trailing) push({ kind: 'text', value: trailing });
      last = start + value.length + trailing.length;
      continue;
    }
    // A mention links only when the service mapped it to a profile url (comments.md §3).
    const name = value.slice(1).replace(/[.-]+$/, '');
    const href = mentionMapping[name] ?? mentionMapping[`@${name}`];
    const before = start > 0 ? text[start - 1] : '';
    if (href && isSafeHref(href) && !/[\p{L}\p{N}_]/u.test(before ?? '')) {
      push({ kind: 'mention', value: `@${name}`, href });
      last = start + name.length + 1;
    } else {
      push({ kind: 'text', value });
      last = start + value.length;
    }
  }
  if (last < text.length) push({ kind: 'text', value: text.slice(last) });
  return tokens;
}

export function RichText({ text, mentionMapping, onNavigate }: {
  text: string;
  mentionMapping?: Record<string, string>;
  onNavigate?: ((url: string) => void) | undefined;
}) {
  const nodes: ReactNode[] = tokenize(collapseBlankLines(text), mentionMapping).map((token, i) => {
    if (token.kind === 'text') return token.value;
    const internal = token.kind === 'mention';
    return (
      <a
        key={i}
        href={token.href}
        className={internal ? 'gfw-mention' : 'gfw-link'}
        rel={internal ? undefined : 'nofollow ugc noopener noreferrer'}
        target={internal ? undefined : '_blank'}
        onClick={internal && onNavigate ? (event) => {
          event.preventDefault();
          onNavigate(token.href);
        } : undefined}
      >
        {token.value}
      </a>
    );
  });
  return <>{nodes}</>;
}

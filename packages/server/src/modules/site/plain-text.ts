/**
 * Markdown as plain text, for the places that cannot show markup: a page's description and Open Graph description
 * (an article's description is markdown, posts-and-feeds.md §2). Links keep their text, images their alt text;
 * emphasis, code marks, headings, quotes, list bullets and rules go (any other text, HTML
 * included, stays as written: it is escaped where it goes); backslash escapes give their character.
 */
export function markdownToPlain(markdown: string): string {
  return (
    markdown
      // Backslash escapes are set aside first, so an escaped mark is never taken for emphasis, and given back last.
      .replace(/\\([\\`*_{}[\]()#+\-.!>~|])/g, (_, c: string) => `\uE000${c.charCodeAt(0)}\uE001`)
      // Fenced code: keep the code, drop the fences.
      .replace(/^[ \t]*(```|~~~)[^\n]*$/gm, '')
      // Images and links: their text.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
      // Reference definitions.
      .replace(/^[ \t]*\[[^\]]+\]:\s*\S+.*$/gm, '')
      // Headings, quotes, list bullets and numbers, horizontal rules at the start of a line.
      .replace(/^[ \t]{0,3}(?:[-*_][ \t]*){3,}$/gm, '')
      .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
      .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
      .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '')
      // Emphasis, strikethrough and inline code marks around text.
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(\*|_)(?=\S)([\s\S]*?\S)\1(?![\w*])/g, '$2')
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
      .replace(/`+([^`]*)`+/g, '$1')
      .replace(/\uE000(\d+)\uE001/g, (_, code: string) => String.fromCharCode(Number(code)))
  );
}

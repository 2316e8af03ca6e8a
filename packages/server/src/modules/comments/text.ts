/**
 * Comment text as stored (our decision; comments.md does not say): line ends become \n, and a run of blank lines
 * (whitespace only) becomes one blank line, so a comment cannot push the thread down with a tall gap while paragraphs
 * stay apart. Then the text is trimmed. The length limit is checked on the text as stored. The widget collapses the
 * same way when it renders, for comments stored before this rule.
 */
export const normalizeCommentText = (text: string): string =>
  text.replace(/\r\n?/g, '\n').replace(/\n(?:[^\S\n]*\n){2,}/g, '\n\n').trim();

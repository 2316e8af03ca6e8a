/**
 * The comment service's built-in spam score (modules/comments/MODERATION.md "Spam defences"): a sum of points for
 * what spam tends to have, read from the comment and its author's recent writing. A comment at SPAM_THRESHOLD or above
 * is held for review (`spam`), not refused: a moderator decides.
 */

export type SpamSignals = {
  /** Distinct links in the text and link attachments. */
  links: number;
  /** The author's comments of the last 10 minutes that read like this one (same words once digits and spaces go). */
  similarRecent: number;
  /** The author's account (comment user) is under 24 h old with fewer than 3 approved comments. */
  newAccount: boolean;
  /** The author's comments in the last minute, before this one. */
  lastMinute: number;
  text: string;
};

export const SPAM_THRESHOLD = 7;

export type SpamScore = { score: number; reasons: string[] };

export function spamScore(s: SpamSignals): SpamScore {
  const parts: [string, number][] = [
    ['links', Math.min(6, 2 * s.links)],
    ['repetition', Math.min(6, 2 * s.similarRecent) + (repetitive(s.text) ? 2 : 0)],
    ['new-account', s.newAccount ? 2 : 0],
    ['burst', s.lastMinute >= 10 ? 4 : s.lastMinute >= 5 ? 2 : 0],
  ];
  const kept = parts.filter(([, points]) => points > 0);
  return { score: kept.reduce((sum, [, points]) => sum + points, 0), reasons: kept.map(([name]) => name) };
}

/** A text that says one thing over and over: one word is more than half of 8 or more, or a character runs 20 times. */
export function repetitive(text: string): boolean {
  if (/(.)\1{19,}/su.test(text)) return true;
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length < 8) return false;
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return Math.max(...counts.values()) * 2 > words.length;
}

/** The text as the duplicate rule compares it: case, runs of white space and the ends do not count. */
export const normalizedText = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The text as the repetition signal compares it: without digits and white space, its first 60 characters; '' (no
 * signal) under 20 of them, since short answers ("thanks!", "+1", "c3") are alike without being spam.
 */
export function textShape(text: string): string {
  const chars = Array.from(text.toLowerCase().replace(/[\s\d]+/g, ''));
  return chars.length < 20 ? '' : chars.slice(0, 60).join('');
}

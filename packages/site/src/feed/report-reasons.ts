/**
 * Post report reasons. The spec keeps which number means which reason to itself; the numbers are ours, chosen so that
 * the reasons after which the server also blocks the creator (16, 17, 2, 3, 5, 6, 7, 8, 9, 10, 1: modules/posts/
 * actions.ts BLOCKING_REPORT_REASONS) are the ones about the uploader's conduct, and the others (4, 11-15) are about
 * the post alone.
 */
export const POST_REPORT_REASONS: readonly { value: number; label: string }[] = [
  { value: 1, label: 'Spam' },
  { value: 2, label: 'Pornography or nudity' },
  { value: 3, label: 'Hate speech or symbols' },
  { value: 5, label: 'Violence or threats' },
  { value: 6, label: 'Harassment or bullying' },
  { value: 7, label: 'Self-harm or suicide' },
  { value: 8, label: 'Terrorism or violent extremism' },
  { value: 9, label: 'Child exploitation' },
  { value: 10, label: 'Scam or fraud' },
  { value: 16, label: 'Impersonation' },
  { value: 17, label: 'Sale of illegal goods' },
  { value: 11, label: 'Copyright infringement' },
  { value: 12, label: 'Repost' },
  { value: 13, label: 'False information' },
  { value: 14, label: 'Wrong tags or interest' },
  { value: 4, label: 'I just don’t like it' },
  { value: 15, label: 'Something else' },
];

/** Mirrors the server's list, for the text under the reasons that block. */
export const BLOCKING_REASONS: readonly number[] = [16, 17, 2, 3, 5, 6, 7, 8, 9, 10, 1];

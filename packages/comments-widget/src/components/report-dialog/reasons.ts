/** Our decision on the reasons a comment can be reported for; the service stores the number. */
export const REPORT_REASONS: readonly { value: number; label: string }[] = [
  { value: 1, label: 'Spam' },
  { value: 2, label: 'Harassment or bullying' },
  { value: 3, label: 'Hate speech' },
  { value: 4, label: 'Sexual content' },
  { value: 5, label: 'Violence or threats' },
  { value: 6, label: 'Misinformation' },
  { value: 7, label: 'Something else' },
];

export type ReportChoice = { reason: number; text: string; block: boolean };

/** Our decision on the statuses a moderator picks from; the service stores any short string. */
export const SECTION_STATUSES = ['open', 'closed', 'archived'] as const;

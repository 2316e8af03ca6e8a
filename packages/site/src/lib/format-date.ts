import { SITE_LOCALE } from './format';

/**
 * Dates and times in the site's language (format.ts), never the machine's default, in the reader's time zone: the
 * pages that show them (the console) render in the browser only. A module of its own: the feed's pages need none.
 */
const day = new Intl.DateTimeFormat(SITE_LOCALE, { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat(SITE_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 29, 2026". */
export const formatDate = (at: string | number | Date): string => day.format(new Date(at));

/** "Nov 29, 2026, 8:01 AM". */
export const formatDateTime = (at: string | number | Date): string => moment.format(new Date(at));

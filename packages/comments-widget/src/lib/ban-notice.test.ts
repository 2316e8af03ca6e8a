import { describe, expect, it } from 'vitest';
import { enParts } from '../i18n/en-parts.js';
import { loadLanguage } from '../i18n/languages.js';
import { addEnglish, createTranslate } from '../i18n/translate.js';
import { banDay, banNotice } from './ban-notice.js';

addEnglish(enParts);

const language = async (locale: string) => ({ locale, t: createTranslate(locale, await loadLanguage(locale)) });

describe('the ban notice', () => {
  it('keeps the English day-first date in UTC, September too', async () => {
    const en = await language('en');
    expect(banNotice({ reason: 'spam', until: '2026-12-05T23:30:00.000Z' }, en)).toBe('You are banned from commenting until 5 Dec 2026: spam');
    expect(banDay('2026-09-01T00:00:00Z')).toBe('1 Sep 2026');
    expect(banNotice({ reason: '', until: null }, en)).toBe('You are banned from commenting permanently');
    expect(banDay('not a date')).toBeNull();
  });

  it('says it in the reader’s language, with the date as the language writes it', async () => {
    const until = '2026-12-05T10:00:00.000Z';
    expect(banNotice({ reason: 'spam', until }, await language('fr'))).toBe('Il vous est interdit de commenter jusqu’au 5 déc. 2026\u00a0: spam');
    expect(banNotice({ reason: 'spam', until }, await language('de'))).toBe('Du bist bis 5. Dez. 2026 vom Kommentieren ausgeschlossen: spam');
    expect(banNotice({ reason: '', until }, await language('ja'))).toBe('2026年12月5日までコメントの利用が停止されています');
    expect(banNotice({ reason: 'سبام', until: null }, await language('ar'))).toBe('أنت ممنوع من التعليق نهائيًا: سبام');
  });
});

import { describe, expect, it } from 'vitest';
import { LANGUAGES, loadLanguage, shippedLocale } from '../i18n/languages.js';
import { createTranslate } from '../i18n/translate.js';
import { countLabel, frameTitle } from './host-texts.js';

describe("the embed's words on the host page", () => {
  it('count links say the count with the language’s plural forms (Arabic: zero, one, two, few, many, other)', () => {
    expect([0, 1, 2, 3, 11, 100].map((n) => countLabel(n, 'ar'))).toEqual(['لا تعليقات', 'تعليق واحد', 'تعليقان', '3 تعليقات', '11 تعليقًا', '100 تعليق']);
    expect([0, 1, 2].map((n) => countLabel(n, 'en-US'))).toEqual(['0 comments', '1 comment', '2 comments']);
    expect([0, 1, 2].map((n) => countLabel(n, 'fr'))).toEqual(['0 commentaire', '1 commentaire', '2 commentaires']);
    expect([1, 5].map((n) => countLabel(n, 'pt'))).toEqual(['1 comentário', '5 comentários']);
    expect(countLabel(4, 'ja-JP')).toBe('コメント 4 件');
    expect(countLabel(4, 'sv')).toBe('4 comments');
    expect(countLabel(4, '')).toBe('4 comments');
  });

  it.each(LANGUAGES)('%s: the title and the counts are the catalogue’s own', async (lang) => {
    const t = createTranslate(lang, await loadLanguage(lang));
    expect(frameTitle(lang)).toBe(t('comments'));
    for (const count of [0, 1, 2, 3, 5, 11, 21, 100, 101, 1_000_000]) expect(countLabel(count, lang), `${count}`).toBe(t('commentCount', { count }));
  });

  it('picks the language the widget picks for a tag', async () => {
    for (const tag of ['AR-eg', 'de_CH', 'pt', 'pt-PT', 'es-419', 'fr-CA', 'ja-JP', 'en-GB', 'sv', '', null]) {
      const lang = shippedLocale(tag);
      const t = createTranslate(lang, await loadLanguage(lang));
      expect([frameTitle(tag), countLabel(2, tag)], String(tag)).toEqual([t('comments'), t('commentCount', { count: 2 })]);
    }
  });
});

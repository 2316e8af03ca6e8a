import { describe, expect, it } from 'vitest';
import { en as main } from './en.js';
import { enModeration } from './en-moderation.js';
import { enParts } from './en-parts.js';
import { LANGUAGES, loadLanguage, shippedLocale } from './languages.js';
import { createI18nStore, createTranslate, type Message } from './translate.js';

const en = { ...main, ...enParts, ...enModeration };

describe('t()', () => {
  const t = createTranslate('en');
  it('fills placeholders and keeps the English texts', () => {
    expect(t('commentBy', { name: 'ada' })).toBe('Comment by ada');
    expect(t('characters', { used: 12, max: 5000 })).toBe('12 of 5000 characters');
    expect(t('noComments')).toBe('No comments yet. Be the first to comment.');
  });
  it('picks plural forms through Intl.PluralRules, by n when the shown count is abbreviated', () => {
    expect([0, 1, 2].map((count) => t('commentCount', { count }))).toEqual(['0 comments', '1 comment', '2 comments']);
    expect(t('commentCount', { count: '1.2K', n: 1234 })).toBe('1.2K comments');
    const ar = createTranslate('ar', { commentCount: { zero: 'لا تعليقات', one: 'تعليق واحد', two: 'تعليقان', few: '{count} تعليقات', many: '{count} تعليقًا', other: '{count} تعليق' } });
    expect([0, 1, 2, 3, 11, 100].map((count) => ar('commentCount', { count }))).toEqual(['لا تعليقات', 'تعليق واحد', 'تعليقان', '3 تعليقات', '11 تعليقًا', '100 تعليق']);
  });
  it('falls back to English for a key a catalogue lacks, and to other for a missing plural form', () => {
    const partial = createTranslate('de', { reply: 'Antworten', commentCount: { other: '{count} Kommentare' } });
    expect(partial('reply')).toBe('Antworten');
    expect(partial('copyLink')).toBe('Copy link');
    expect(partial('commentCount', { count: 1 })).toBe('1 Kommentare');
  });
  it('lets a host’s messages override any key, over the language’s own', () => {
    const t2 = createTranslate('de', { reply: 'Antworten', post: 'Senden' }, { reply: 'Erwidern' });
    expect([t2('reply'), t2('post'), t2('cancel')]).toEqual(['Erwidern', 'Senden', 'Cancel']);
  });
});

describe('languages', () => {
  it('finds the shipped language nearest to a tag, else English', () => {
    expect(['ar', 'AR-eg', 'de-AT', 'de_CH', 'pt', 'pt-PT', 'pt-BR', 'ja-JP', 'es-419', 'fr-CA', 'en-GB', 'sv', '', undefined, null].map(shippedLocale))
      .toEqual(['ar', 'ar', 'de', 'de', 'pt-BR', 'pt-BR', 'pt-BR', 'ja', 'es', 'fr', 'en', 'en', 'en', 'en', 'en']);
    expect(LANGUAGES).toEqual(['en', 'ar', 'de', 'es', 'fr', 'ja', 'pt-BR']);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key of English, no other, each with its placeholders and plural forms', async (lang) => {
    const messages = (await loadLanguage(lang))!;
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const placeholders = (m: Message) => [...new Set((typeof m === 'string' ? m : Object.values(m).join(' ')).match(/\{\w+\}/g) ?? [])].sort();
    for (const [key, english] of Object.entries(en) as [keyof typeof en, Message][]) {
      const message = messages[key]!;
      expect(typeof message, key).toBe(typeof english);
      if (typeof message === 'string') expect(placeholders(message), key).toEqual(placeholders(english));
      else {
        expect(Object.keys(message).every((form) => (forms as string[]).includes(form)), `${key}: forms of ${lang}`).toBe(true);
        // Every placeholder English has is in the language's `other` form (a form for exactly one may spell it out).
        expect(placeholders(message.other), key).toEqual(placeholders({ other: (english as { other: string }).other }));
      }
    }
  });
});

describe('createI18nStore', () => {
  it('shows English until the language’s chunk is in, then the language with its direction', async () => {
    const store = createI18nStore('ar', { reply: 'ردّ الآن' });
    expect(store.getState()).toMatchObject({ locale: 'en', dir: 'ltr' });
    expect(store.getState().t('reply')).toBe('ردّ الآن');
    await new Promise<void>((resolve) => store.subscribe(() => resolve()));
    expect(store.getState()).toMatchObject({ locale: 'ar', dir: 'rtl' });
    expect(store.getState().t('copyLink')).toBe('نسخ الرابط');
    expect(store.getState().t('reply')).toBe('ردّ الآن');
  });
  it('starts in a language already loaded', async () => {
    const store = createI18nStore('de-AT', undefined, await loadLanguage('de'));
    expect(store.getState()).toMatchObject({ locale: 'de', dir: 'ltr' });
    expect(store.getState().t('commentCount', { count: 1 })).toBe('1 Kommentar');
  });
});

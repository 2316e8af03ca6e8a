/**
 * The few words the embed's scripts write on the host page, in the thread's language (data-lang, else the host's
 * <html lang>): the frame's title and the count links' "3 comments". Plain data, not the catalogues (those load with the
 * frame); host-texts.test.ts keeps each equal to its catalogue's `comments` and `commentCount`. Keyed by a tag's
 * language (pt is the shipped pt-BR), as i18n/languages.ts picks a shipped language; English for any other.
 */
type PluralForms = { [form in Intl.LDMLPluralRule]?: string };

const language = (tag: string | null | undefined): string => (tag || '').toLowerCase().split(/[-_]/)[0]!;

/** The frame's title (the iframe's accessible name), by language. */
const TITLES: Record<string, string> = {
  en: 'Comments',
  ar: 'التعليقات',
  de: 'Kommentare',
  es: 'Comentarios',
  fr: 'Commentaires',
  ja: 'コメント',
  pt: 'Comentários',
};

/** "{count} comments" by Intl.PluralRules category, by language. */
const COUNTS: Record<string, PluralForms> = {
  en: { one: '{count} comment', other: '{count} comments' },
  ar: { zero: 'لا تعليقات', one: 'تعليق واحد', two: 'تعليقان', few: '{count} تعليقات', many: '{count} تعليقًا', other: '{count} تعليق' },
  de: { one: '{count} Kommentar', other: '{count} Kommentare' },
  es: { one: '{count} comentario', other: '{count} comentarios' },
  fr: { one: '{count} commentaire', other: '{count} commentaires' },
  ja: { other: 'コメント {count} 件' },
  pt: { one: '{count} comentário', other: '{count} comentários' },
};

export const frameTitle = (tag: string | null | undefined): string => TITLES[language(tag)] || TITLES.en!;

/** What a count link says: "3 comments", "تعليقان". */
export function countLabel(count: number, tag: string | null | undefined): string {
  const lang = language(tag) in COUNTS ? language(tag) : 'en';
  const forms = COUNTS[lang]!;
  return (forms[new Intl.PluralRules(lang).select(count)] ?? forms.other!).replace('{count}', String(count));
}

import { createStore } from 'zustand/vanilla';
import { en } from './en.js';
import { loadLanguage, shippedLocale } from './languages.js';
import type { Messages, Translate } from './messages.js';

export type { Message, MessageKey, Messages, Translate } from './messages.js';

/**
 * `t(key, values)` in `locale`: the last catalogue that has the key (the language, then a host's overrides), else
 * English; {name} placeholders filled from `values`. A plural form is chosen by `values.n`, else `values.count` (a
 * caller showing a count abbreviated, 1.2K, passes the number itself as n).
 */
export function createTranslate(locale: string, ...catalogues: (Messages | undefined)[]): Translate {
  const plural = new Intl.PluralRules(locale);
  return (key, values = {}) => {
    let message = english[key] ?? key;
    for (const c of catalogues) message = c?.[key] ?? message;
    if (typeof message !== 'string') message = message[plural.select(Number(values.n ?? values.count))] ?? message.other;
    return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

/** English, the fallback of every key: en.ts, and en-parts.ts and en-moderation.ts once the parts that use them have loaded. */
const english: Messages = en;
export const addEnglish = (texts: Messages): void => void Object.assign(english, texts);

export type I18nState = {
  /** The shipped language the texts are in ('en' until another one has loaded). */
  locale: string;
  dir: 'ltr' | 'rtl';
  t: Translate;
};
export type I18nStore = ReturnType<typeof createI18nStore>;

/**
 * A widget's language: `locale` picks a shipped one (loaded on demand; English meanwhile, unless `loaded` is its
 * catalogue already), `messages` overrides any key in every language.
 */
export function createI18nStore(locale?: string, messages?: Messages, loaded?: Messages) {
  const state = (lang: string, catalogue?: Messages): I18nState => ({
    locale: lang, dir: lang === 'ar' ? 'rtl' : 'ltr', t: createTranslate(lang, catalogue, messages),
  });
  const lang = shippedLocale(locale);
  const store = createStore<I18nState>()(() => state(loaded ? lang : 'en', loaded));
  if (lang !== 'en' && !loaded) void loadLanguage(lang).then((catalogue) => store.setState(state(lang, catalogue)), () => undefined);
  return store;
}

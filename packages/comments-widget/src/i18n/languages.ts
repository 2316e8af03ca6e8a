import type { Messages } from './messages.js';

/** The shipped languages besides English, each a chunk of its own that loads when a widget asks for it. */
const loaders: Record<string, () => Promise<{ messages: Messages }>> = {
  ar: () => import('./ar.js'),
  de: () => import('./de.js'),
  es: () => import('./es.js'),
  fr: () => import('./fr.js'),
  ja: () => import('./ja.js'),
  'pt-BR': () => import('./pt-br.js'),
};

export const LANGUAGES: readonly string[] = ['en', ...Object.keys(loaders)];

/**
 * The shipped language for a BCP 47 tag (a prop, data-lang, the host's <html lang>): the exact one, else its language
 * (de-AT is de, pt and pt-PT are pt-BR), else English.
 */
export function shippedLocale(tag: string | null | undefined): string {
  const [language = ''] = (tag ?? '').toLowerCase().split(/[-_]/);
  return language === 'pt' ? 'pt-BR' : language in loaders ? language : 'en';
}

/** A shipped language's catalogue (English: none, the widget's own texts). */
export async function loadLanguage(tag: string | null | undefined): Promise<Messages | undefined> {
  const lang = shippedLocale(tag);
  return lang === 'en' ? undefined : (await loaders[lang]!()).messages;
}

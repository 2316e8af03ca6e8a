import { SHIPPED, shippedLocale } from './shipped.js';
import type { Messages } from './translate.js';

export { shippedLocale };

/** The shipped languages besides English, each a chunk of its own that loads when a widget asks for it. */
const loaders: Record<string, () => Promise<{ messages: Messages }>> = {
  ar: () => import('./ar.js'),
  de: () => import('./de.js'),
  es: () => import('./es.js'),
  fr: () => import('./fr.js'),
  ja: () => import('./ja.js'),
  'pt-BR': () => import('./pt-br.js'),
};

export const LANGUAGES: readonly string[] = ['en', ...SHIPPED];

/** A shipped language's catalogue (English: none, the widget's own texts). */
export async function loadLanguage(tag: string | null | undefined): Promise<Messages | undefined> {
  const lang = shippedLocale(tag);
  return lang === 'en' ? undefined : (await loaders[lang]!()).messages;
}

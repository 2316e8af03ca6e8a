/** The shipped languages besides English (languages.ts loads each on demand; the embed's host scripts word a few texts). */
export const SHIPPED: readonly string[] = ['ar', 'de', 'es', 'fr', 'ja', 'pt-BR'];

/**
 * The shipped language for a BCP 47 tag (a prop, data-lang, the host's <html lang>): the exact one, else its language
 * (de-AT is de, pt and pt-PT are pt-BR), else English.
 */
export function shippedLocale(tag: string | null | undefined): string {
  const [language = ''] = (tag ?? '').toLowerCase().split(/[-_]/);
  return language === 'pt' ? 'pt-BR' : SHIPPED.includes(language) ? language : 'en';
}

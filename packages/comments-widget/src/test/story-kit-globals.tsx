import type { Decorator, Loader, Preview } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { Comments } from '../components/comments/comments.js';
import { LANGUAGES, loadLanguage, shippedLocale } from '../i18n/languages.js';
import type { Messages } from '../i18n/translate.js';
import { StoryLanguage, type StoryLanguageValue } from './story-kit.js';

/**
 * The toolbar's globals and what carries them to every story, shared by .storybook/preview.tsx and stories.test.tsx
 * (which adds its own MSW loader for msw/node): `theme` sets <html data-theme> as the site's inline script does, and
 * the widget's default theme ("system") follows it; `locale` is the reader's language, its catalogue loaded before
 * the story renders. A story pins either with `globals: { locale: 'ar', theme: 'dark' }`.
 */

/** A shipped language's name in that language ("Deutsch", "日本語", "العربية"), for the toolbar. */
const ownName = (tag: string): string => {
  const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
};

export const globalTypes: Preview['globalTypes'] = {
  theme: {
    description: 'Colour theme',
    toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
  },
  locale: {
    description: 'Reader’s language (the comment widget’s stories)',
    toolbar: { title: 'Language', icon: 'globe', items: LANGUAGES.map((value) => ({ value, title: ownName(value), right: value })), dynamicTitle: true },
  },
};
export const initialGlobals = { theme: 'light', locale: 'en' };

/** The handlers of `parameters.msw.handlers`: a list, or a StoryService made afresh for each load. */
export const handlersOf = (parameters: Record<string, unknown>): RequestHandler[] => {
  const given = (parameters.msw as { handlers?: RequestHandler[] | (() => RequestHandler[]) } | undefined)?.handlers ?? [];
  return (typeof given === 'function' ? given() : given).flat();
};

const localeOf = (globals: Record<string, unknown>): string => shippedLocale(typeof globals.locale === 'string' ? globals.locale : 'en');

/** Loads the language's chunk before the story renders: `loaded.language` is its tag and catalogue. */
export const languageLoader: Loader = async ({ globals }) => {
  const locale = localeOf(globals);
  return { language: { locale, catalogue: await loadLanguage(locale) } satisfies StoryLanguageValue };
};

/**
 * The language reaches every story of the widget: <Comments> through its `locale` prop (with the loaded catalogue as `messages`, so
 * the first render is in the language, as the README tells hosts), the pieces through StoryStores (StoryLanguage). The
 * story sits in a box with the language's direction, and starts afresh when the language changes.
 */
export const withLocale: Decorator = (Story, context) => {
  // The site's own stories are not translated: the language is the widget's (its stories are titled Comments/...).
  if (!context.title.startsWith('Comments/')) return <Story />;
  const locale = localeOf(context.globals);
  const loaded = (context.loaded as { language?: StoryLanguageValue }).language;
  // Loaders run again on a story's load; a language picked since then loads in the widget itself (English meanwhile).
  const catalogue: Messages | undefined = loaded?.locale === locale ? loaded.catalogue : undefined;
  const props = context.args as { messages?: Messages };
  const args = context.component === Comments
    ? { ...context.args, locale, ...(catalogue || props.messages ? { messages: { ...catalogue, ...props.messages } } : {}) }
    : context.args;
  return (
    <StoryLanguage.Provider value={{ locale, catalogue }}>
      <div key={locale} lang={locale} dir={locale === 'ar' ? 'rtl' : 'ltr'} data-story-language={locale}>
        <Story args={args} />
      </div>
    </StoryLanguage.Provider>
  );
};

/** The toolbar's theme on <html>, as the site's inline script sets it: the widget ("system") and the site follow it. */
export const withTheme: Decorator = (Story, { globals }) => {
  const theme = globals.theme === 'dark' ? 'dark' : 'light';
  document.documentElement.setAttribute('data-theme', theme);
  document.documentElement.style.colorScheme = theme;
  return <Story />;
};

/** What preview.tsx and stories.test.tsx share: the globals, their decorators and the language loader. */
export const storyGlobals = {
  globalTypes,
  initialGlobals,
  decorators: [withLocale, withTheme],
  loaders: [languageLoader],
} satisfies Preview;

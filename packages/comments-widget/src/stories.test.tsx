/// <reference types="vite/client" />
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { act, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES, loadLanguage, shippedLocale } from './i18n/languages.js';
import { createTranslate } from './i18n/translate.js';
import { axeViolations } from './test/render.js';
import { handlersOf, storyGlobals } from './test/story-kit-globals.js';
import { mediaUrl } from './test/story-kit-media.js';

/**
 * Every story of the widget run as Storybook runs it, over the shared fake comment service (MSW, msw/node here) with
 * the real client: the toolbar's globals and their decorators, the loaders (the language's chunk), the render, then
 * the story's play function (the journeys). Then each is checked: axe, the language and direction its roots carry,
 * the theme they follow, and the media it shows being real files of .storybook/public.
 */
type Composed = {
  run: (context?: { canvasElement?: HTMLElement; globals?: Record<string, unknown> }) => Promise<void>;
  args: Record<string, unknown>;
  globals: Record<string, unknown>;
  parameters: Record<string, unknown>;
  play?: unknown;
};
const modules = import.meta.glob<Record<string, unknown>>('./components/**/*.stories.tsx', { eager: true });
const server = setupServer();
const project = setProjectAnnotations([
  storyGlobals,
  // Each load starts the story's service afresh, as the browser's MSW loader does (.storybook/preview.tsx).
  { loaders: [({ parameters }) => void server.resetHandlers(...handlersOf(parameters))] },
]);
const publicMedia = join(import.meta.dirname, '../../../.storybook/public/media');

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await project.beforeAll();
});
afterAll(() => server.close());

/** The media a story shows: images, WebP sources, video posters and clips. */
const mediaIn = (root: Element): string[] => [
  ...[...root.querySelectorAll('img')].map((e) => e.getAttribute('src')),
  ...[...root.querySelectorAll('picture source')].map((e) => e.getAttribute('srcset')),
  ...[...root.querySelectorAll('video')].map((e) => e.getAttribute('poster')),
  ...[...root.querySelectorAll('video source')].map((e) => e.getAttribute('src')),
].filter((src): src is string => Boolean(src));

/**
 * The story's box and every widget root in it carry the language and its direction (as CommentSection sets them), and
 * a section is named in the language.
 */
async function expectLanguage(locale: string) {
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  expect(canvasElement.querySelector('[data-story-language]')).toHaveAttribute('dir', dir);
  const roots = [...canvasElement.querySelectorAll('.gfw-root')];
  expect(roots.length).toBeGreaterThan(0);
  await waitFor(() => expect(roots.map((r) => [r.getAttribute('lang'), r.getAttribute('dir')])).toEqual(roots.map(() => [locale, dir])));
  const t = createTranslate(locale, await loadLanguage(locale));
  for (const section of canvasElement.querySelectorAll('section.gfw-root')) expect([t('comments'), t('answers')]).toContain(section.getAttribute('aria-label'));
}

let canvasElement: HTMLElement;
beforeEach(() => {
  // The previous story unmounts when the next one runs; its box goes now.
  document.body.replaceChildren();
  canvasElement = document.body.appendChild(document.createElement('div'));
});

for (const [path, module] of Object.entries(modules)) {
  const stories = composeStories(module as Parameters<typeof composeStories>[0]) as unknown as Record<string, Composed>;
  describe(path.replace('./components/', ''), () => {
    for (const [name, Story] of Object.entries(stories)) {
      it(`${name}${Story.play ? ' plays its journey,' : ''} speaks its language, follows the theme, has no axe violation`, async () => {
        await Story.run({ canvasElement });
        // Let the first requests answer (stories with a slow service stay loading, which is their point).
        await act(async () => {
          await new Promise((r) => setTimeout(r, 150));
        });
        expect(await axeViolations(document.body)).toEqual([]);

        const locale = shippedLocale(String(Story.globals.locale ?? 'en'));
        await expectLanguage(locale);
        const roots = [...canvasElement.querySelectorAll('.gfw-root')];

        expect(document.documentElement).toHaveAttribute('data-theme', Story.globals.theme === 'dark' ? 'dark' : 'light');
        for (const root of roots) expect(root).toHaveAttribute('data-theme', String(Story.args.theme ?? 'system'));

        const shown = mediaIn(canvasElement);
        for (const src of shown) {
          expect(src.startsWith(mediaUrl(''))).toBe(true);
          expect(existsSync(join(publicMedia, src.slice(mediaUrl('').length)))).toBe(true);
        }
        for (const file of (Story.parameters.media as string[] | undefined) ?? []) expect(shown).toContain(mediaUrl(file));
      }, 30_000);
    }
  });
}

describe('the toolbar', () => {
  // The first story of each file (the language and journey stories pin their own globals).
  const firsts = Object.entries(modules).filter(([path]) => !/languages|journeys/.test(path)).map(([path, module]) => [
    path.replace('./components/', ''), Object.values(composeStories(module as Parameters<typeof composeStories>[0]))[0] as unknown as Composed,
  ] as const);
  for (const [path, Story] of firsts) {
    it(`reaches ${path} in Arabic and dark`, async () => {
      await Story.run({ canvasElement, globals: { ...Story.globals, locale: 'ar', theme: 'dark' } });
      await expectLanguage('ar');
      expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
      for (const root of canvasElement.querySelectorAll('.gfw-root')) expect(root).toHaveAttribute('data-theme', 'system');
    });
  }
});

it('has a story of every shipped language in both themes', () => {
  const stories = Object.values(composeStories(modules['./components/comments/languages.stories.tsx'] as Parameters<typeof composeStories>[0])) as unknown as Composed[];
  const shown = new Set(stories.map((s) => `${String(s.globals.locale)} ${String(s.globals.theme)}`));
  expect(LANGUAGES.flatMap((l) => [`${l} light`, `${l} dark`]).filter((l) => !shown.has(l))).toEqual([]);
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Comments } from './comments.js';
import { blockApi, followApi, serviceFor, STORY_HOST, STORY_URL } from '../../test/story-kit.js';
import { commentsIn } from '../../test/story-kit-languages.js';

/**
 * Every shipped language in both themes, its comments written in it. Each story pins the toolbar's globals (the
 * language's chunk is loaded before it renders); stories.test.tsx checks the section's language and direction.
 */
const meta = {
  title: 'Comments/Languages',
  component: Comments,
  args: { appId: 'guffaw', url: STORY_URL, host: STORY_HOST, auth: 'member', followApi, blockApi, onRequireLogin: fn() },
  decorators: [(Story) => <div style={{ padding: 16, maxWidth: 720 }}><Story /></div>],
} satisfies Meta<typeof Comments>;
export default meta;
type Story = StoryObj<typeof meta>;

const inLanguage = (locale: string, theme: 'light' | 'dark'): Story => ({
  globals: { locale, theme },
  parameters: { msw: { handlers: serviceFor(commentsIn(locale)) } },
});

export const English = inLanguage('en', 'light');
export const EnglishDark = inLanguage('en', 'dark');
export const Spanish = inLanguage('es', 'light');
export const SpanishDark = inLanguage('es', 'dark');
export const German = inLanguage('de', 'light');
export const GermanDark = inLanguage('de', 'dark');
export const French = inLanguage('fr', 'light');
export const FrenchDark = inLanguage('fr', 'dark');
export const BrazilianPortuguese = inLanguage('pt-BR', 'light');
export const BrazilianPortugueseDark = inLanguage('pt-BR', 'dark');
export const Japanese = inLanguage('ja', 'light');
export const JapaneseDark = inLanguage('ja', 'dark');
/** Right to left: the section and its box are dir="rtl", the layout mirrored. */
export const Arabic = inLanguage('ar', 'light');
export const ArabicDark = inLanguage('ar', 'dark');

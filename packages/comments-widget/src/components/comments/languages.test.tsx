import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeComment, users } from '@guffaw/test-utils/widget';
import { loadLanguage } from '../../i18n/languages.js';
import { renderComments } from '../../test/render.js';

const two = () => [
  makeComment({ commentId: 'a', user: users.ada, text: 'first by ada' }),
  makeComment({ commentId: 'b', user: users.bob, text: 'second by bob' }),
];

describe('<Comments> in the reader’s language', () => {
  it('locale="ar" loads Arabic on demand and lays the section out right to left', async () => {
    const { container } = renderComments({ comments: two() }, { locale: 'ar' });
    // The language's chunk is a dynamic import: English shows until it is in.
    expect(await screen.findByRole('heading', { name: 'تعليقان' }, { timeout: 10_000 })).toBeInTheDocument();
    const root = container.querySelector('.gfw-root')!;
    expect(root).toHaveAttribute('dir', 'rtl');
    expect(root).toHaveAttribute('lang', 'ar');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['الأكثر تفاعلًا', 'الأحدث', 'الأقدم']);
    expect(screen.getByRole('button', { name: 'سجّل الدخول للتعليق' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'تعليق من ada' })).toBeInTheDocument();
  });

  it('a language loaded first (messages) renders in it from the start; messages override any key', async () => {
    const de = await loadLanguage('de');
    renderComments({ comments: two() }, { locale: 'de', messages: { ...de, noComments: 'x', loginToComment: 'Einloggen und mitreden' } });
    expect(screen.getByRole('heading', { name: 'Kommentare' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '2 Kommentare' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Einloggen und mitreden' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Beliebt', 'Neu', 'Älteste']);
  });

  it('an unknown language shows English', async () => {
    const { container } = renderComments({ comments: two() }, { locale: 'sv-SE' });
    expect(await screen.findByRole('heading', { name: '2 comments' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.gfw-root')).toHaveAttribute('dir', 'ltr'));
  });
});

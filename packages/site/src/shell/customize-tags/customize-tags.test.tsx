import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTag, tagStore } from '../../tags/tag-store';
import { CustomizeTags } from './customize-tags';

describe('Customize Tags dialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    tagStore.setState({ favorites: [makeTag('dogs')], hidden: [makeTag('politics')], recents: [], popular: ['dogs', 'cats', 'politics', 'news'].map(makeTag), other: [makeTag('dogs'), makeTag('art')] });
  });

  it('has the four sections and applies the favourite and hide rules', async () => {
    render(<CustomizeTags props={{}} close={() => undefined} />);
    const section = (name: string) => screen.getByRole('region', { name });
    expect(within(section('Favorites')).getByText('dogs')).toBeInTheDocument();
    expect(within(section('Explore Popular Tags')).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['cats', 'news']);
    expect(within(section('Other Tags')).getByRole('button', { name: 'Hide dogs' })).toBeDisabled();
    expect(within(section('Hidden')).getByText('politics')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Hide cats' }));
    expect(tagStore.getState().hidden.map((t) => t.key)).toEqual(['politics', 'cats']);
    await userEvent.click(screen.getByRole('button', { name: 'Unhide politics' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pin news' }));
    expect(tagStore.getState().favorites.map((t) => t.key)).toEqual(['dogs', 'news']);
    expect(within(section('Explore Popular Tags')).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['politics']);
  });
});

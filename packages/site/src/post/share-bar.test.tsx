import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Post } from '../feed/post-types';
import { ShareBar } from './share-bar';

const post = { id: 'a1', title: 'A meme', postUrl: 'https://guffaw.test/gag/a1', shareUrl: '', nsfw: 0, images: {} } as unknown as Post;

describe('ShareBar', () => {
  it('shows one mark per target, named for the target, with no text pills', () => {
    render(<ShareBar post={post} />);
    const bar = screen.getByRole('list', { name: 'Share' });
    const controls = within(bar).getAllByRole('listitem').map((li) => li.firstElementChild as HTMLElement);
    expect(controls.map((c) => c.getAttribute('aria-label'))).toEqual(['WhatsApp', 'Messenger', 'Telegram', 'Twitter', 'Copy link', 'Email', 'Facebook', 'Pinterest']);
    for (const control of controls) {
      expect(control.textContent).toBe('');
      const mark = control.querySelector('svg.icon path');
      expect(mark?.getAttribute('d')).toBeTruthy();
      expect(control.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    }
    expect(within(bar).getByRole('link', { name: 'Facebook' }).getAttribute('href')).toContain(encodeURIComponent(post.postUrl));
    expect(within(bar).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });
});

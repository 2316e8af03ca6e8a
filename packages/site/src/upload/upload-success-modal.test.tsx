import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UploadSuccessModal } from './upload-success-modal';

describe('UploadSuccessModal', () => {
  it('offers View post, then the share targets in the spec order, each for the new post', { timeout: 30_000 }, async () => {
    const close = vi.fn();
    render(<UploadSuccessModal props={{ postId: 'abc1234', url: 'https://guffaw.test/gag/abc1234', title: 'My meme', imageUrl: 'https://guffaw.test/m.jpg' }} close={close} />);
    const dialog = screen.getByRole('dialog', { name: 'Your post is up!' });
    expect(within(dialog).getByRole('link', { name: 'View post' })).toHaveAttribute('href', '/gag/abc1234');
    const share = within(dialog).getByRole('list', { name: 'Share your post' });
    const names = within(share).getAllByRole('listitem').map((li) => li.textContent);
    expect(names).toEqual(['Email', 'Pinterest', 'Facebook', 'Twitter', 'Telegram', 'Messenger', 'Copy link', 'WhatsApp']);
    expect(within(share).getByRole('link', { name: 'Pinterest' }).getAttribute('href')).toContain(encodeURIComponent('https://guffaw.test/m.jpg'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(close).toHaveBeenCalled();
  });
});

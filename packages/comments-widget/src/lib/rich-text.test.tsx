import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RichText, tokenize } from './rich-text.js';

describe('tokenize', () => {
  it('splits links and mapped mentions from text, leaving trailing punctuation as text', () => {
    expect(tokenize('see https://a.example/x?y=1, @bob!', { bob: 'https://guffaw.example.com/u/bob' })).toEqual([
      { kind: 'text', value: 'see ' },
      { kind: 'link', value: 'https://a.example/x?y=1', href: 'https://a.example/x?y=1' },
      { kind: 'text', value: ', ' },
      { kind: 'mention', value: '@bob', href: 'https://guffaw.example.com/u/bob' },
      { kind: 'text', value: '!' },
    ]);
  });
  it('keeps unmapped mentions, e-mail addresses and unsafe schemes as text', () => {
    expect(tokenize('@nobody mail me@bob.example javascript:alert(1)', { bob: 'https://x.example/u/bob' })).toEqual([
      { kind: 'text', value: '@nobody mail me@bob.example javascript:alert(1)' },
    ]);
    expect(tokenize('@evil', { evil: 'javascript:alert(1)' })).toEqual([{ kind: 'text', value: '@evil' }]);
  });
});

describe('RichText', () => {
  it('renders markup in user text as text, never as HTML', () => {
    const { container } = render(<p><RichText text={'<img src=x onerror=alert(1)> <b>bold</b>'} /></p>);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> <b>bold</b>');
  });
  it('renders links that open in a new tab and mentions that go through onNavigate', async () => {
    const onNavigate = vi.fn();
    render(<p><RichText text="hi @bob see https://a.example" mentionMapping={{ bob: 'https://g.example/u/bob' }} onNavigate={onNavigate} /></p>);
    const link = screen.getByRole('link', { name: 'https://a.example' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('nofollow'));
    screen.getByRole('link', { name: '@bob' }).click();
    expect(onNavigate).toHaveBeenCalledWith('https://g.example/u/bob');
  });
});

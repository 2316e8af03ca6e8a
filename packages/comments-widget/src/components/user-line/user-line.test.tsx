import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeComment, makeUser } from '@guffaw/test-utils/widget';
import { Avatar, hueOf, initialOf, UserLine } from './user-line.js';

describe('<Avatar>', () => {
  it("shows a person without a picture as their initial on a colour of their own, not a blank circle", () => {
    const comment = makeComment({ user: makeUser({ userId: 'x', displayName: 'zoë', avatarUrl: '' }) });
    const { container } = render(<UserLine comment={comment} />);
    const avatar = container.querySelector('.gfw-avatar')!;
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar).toHaveTextContent('Z');
    expect((avatar as HTMLElement).style.backgroundColor).not.toBe('');
    expect(avatar).toHaveAttribute('aria-hidden', 'true');
  });

  it('falls back to the initial when the picture fails to load', () => {
    const { container } = render(<Avatar url="https://cdn.example.com/gone.png" name="bob" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.gfw-avatar')).toHaveTextContent('B');
  });

  it('takes whole code points and tells names apart by hue', () => {
    expect(initialOf('😀 smile')).toBe('😀');
    expect(initialOf('  ')).toBe('?');
    expect(hueOf('ada')).toBe(hueOf('ada'));
    expect(new Set(['ada', 'bob', 'cat', 'dan'].map(hueOf)).size).toBeGreaterThan(1);
  });
});

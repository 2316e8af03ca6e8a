import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MaskCover } from './offensive-mask';
import type { Post } from './post-types';

const post = (images: Post['images']) => ({ id: 'p1', images }) as unknown as Post;
const image = (url: string) => ({ url, width: 460, height: 460 });

describe('MaskCover', () => {
  it('covers a mask with the post picture, hidden from assistive technology (CSS blurs it past recognition)', () => {
    const { container } = render(<MaskCover post={post({ image460c: image('/m/c.jpg'), image460: image('/m/460.jpg') })} />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/m/c.jpg');
    expect(img?.getAttribute('alt')).toBe('');
    expect(img?.getAttribute('aria-hidden')).toBe('true');
    expect(img?.className).toMatch(/maskCover/);
  });

  it('takes the 460 picture when there is no cropped one, and draws nothing without a picture (the dark cover alone)', () => {
    expect(render(<MaskCover post={post({ image460: image('/m/460.jpg') })} />).container.querySelector('img')?.getAttribute('src')).toBe('/m/460.jpg');
    expect(render(<MaskCover post={post({})} />).container.innerHTML).toBe('');
  });
});

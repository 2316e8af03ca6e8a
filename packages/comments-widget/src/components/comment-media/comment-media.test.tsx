import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { animatedMedia } from '@guffaw/test-utils/widget';
import { CommentMedia } from './comment-media.js';

describe('<CommentMedia>', () => {
  it('plays a clip with sound (the service’s `video`) as a video: controls and sound, no loop', () => {
    const clip = { url: 'https://cdn.example.com/media/talk.mp4', type: 'video/mp4' as const, width: 640, height: 360 };
    const { container } = render(<CommentMedia media={{ type: 'animated', image: { url: 'https://cdn.example.com/media/talk.jpg', width: 640, height: 360 }, video: clip }} alt="A talk" />);
    const video = container.querySelector('video')!;
    expect(video.controls).toBe(true);
    expect(video.loop).toBe(false);
    expect(video.muted).toBe(false);
    expect(video.autoplay).toBe(false);
    expect(video.querySelector('source')).toHaveAttribute('src', clip.url);
  });

  it('plays a silent clip like a GIF: looping, muted, without controls', () => {
    const { container } = render(<CommentMedia media={animatedMedia} alt="A dance" />);
    const video = container.querySelector('video')!;
    expect([video.loop, video.muted, video.autoplay, video.controls]).toEqual([true, true, true, false]);
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePost } from '../feed/test-posts';
import { DURATION_HIDE_MS, MainMedia, PlayableClip } from './main-media';

const clip = { url: '/m/c.mp4', vp9Url: '/m/c.webm', width: 460, height: 460, duration: 75, hasAudio: true };
const cover = { url: '/m/c700.jpg', width: 700, height: 700 };

afterEach(() => vi.useRealTimers());

describe('main post media (§2, §4)', () => {
  it('opens a photo wider than the post view in a zoom overlay, closed by Escape', () => {
    render(<MainMedia post={makePost('p1', { title: 'Wide one' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in: Wide one' }));
    const overlay = screen.getByRole('dialog', { name: 'Zoomed image' });
    expect(overlay.querySelector('img')?.getAttribute('src')).toBe('/m/a700.webp');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers no zoom when the photo fits the view', () => {
    const spy = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    render(<MainMedia post={makePost('p1', { title: 'Narrow' })} />);
    expect(screen.queryByRole('button', { name: /Zoom in/ })).toBeNull();
    expect(screen.getByRole('img', { name: 'Narrow' })).toBeTruthy();
    spy.mockRestore();
  });

  it('shows the cover until play, toggles sound, and hides the duration 3 s after play starts', () => {
    vi.useFakeTimers();
    render(<PlayableClip clip={clip} cover={cover} title="Clip" autoplay={false} />);
    expect(screen.getByTestId('clip-cover')).toBeTruthy();
    expect(screen.getByTestId('clip-duration').textContent).toBe('1:15');
    const sound = screen.getByRole('button', { name: 'Sound off' });
    fireEvent.click(sound);
    expect(screen.getByRole('button', { name: 'Sound on' }).getAttribute('aria-pressed')).toBe('true');
    const video = screen.getByLabelText('Clip') as HTMLVideoElement;
    expect(video.muted).toBe(false);
    fireEvent.play(video);
    expect(screen.queryByTestId('clip-cover')).toBeNull();
    act(() => vi.advanceTimersByTime(DURATION_HIDE_MS - 10));
    expect(screen.getByTestId('clip-duration')).toBeTruthy();
    act(() => vi.advanceTimersByTime(10));
    expect(screen.queryByTestId('clip-duration')).toBeNull();
  });

  it('loads nothing of a clip before it plays, video or animated', () => {
    const { unmount } = render(<PlayableClip clip={clip} cover={cover} title="Video" autoplay={false} />);
    expect(screen.getByLabelText('Video').getAttribute('preload')).toBe('none');
    unmount();
    render(<PlayableClip clip={clip} cover={cover} title="Animated" autoplay />);
    expect(screen.getByLabelText('Animated').getAttribute('preload')).toBe('none');
  });

  it('starts an animated clip in view only after the page has drawn a frame with its cover', async () => {
    const observed: IntersectionObserverCallback[] = [];
    vi.stubGlobal('IntersectionObserver', class {
      constructor(callback: IntersectionObserverCallback) {
        observed.push(callback);
      }
      observe() {}
      disconnect() {}
    });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    let drawFrame: FrameRequestCallback | undefined;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      drawFrame = callback;
      return 1;
    });
    try {
      render(<PlayableClip clip={clip} cover={cover} title="Animated" autoplay />);
      expect(observed).toHaveLength(0);
      expect(screen.getByTestId('clip-cover')).toBeTruthy();
      await act(async () => {
        drawFrame?.(0);
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(observed).toHaveLength(1);
      act(() => observed[0]?.([{ intersectionRatio: 1 } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(play).toHaveBeenCalledTimes(1);
    } finally {
      play.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('has no sound toggle for a silent clip and a play button only for videos', () => {
    render(<PlayableClip clip={{ ...clip, hasAudio: false }} cover={cover} title="Gif" autoplay />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(DURATION_HIDE_MS).toBe(3000);
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOPLAY_THRESHOLD, Clip } from './post-media';

/** An IntersectionObserver the test drives: it keeps its callback, options and targets, and reports on demand. */
class ControlledObserver {
  static instances: ControlledObserver[] = [];
  readonly targets: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    ControlledObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets.length = 0;
  }
  takeRecords() {
    return [];
  }
  report(intersectionRatio: number) {
    const target = this.targets[0] as Element;
    const entry = { target, intersectionRatio, isIntersecting: intersectionRatio > 0, boundingClientRect: target.getBoundingClientRect() };
    act(() => this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
}

const clip = { url: '/m/c.mp4', vp9Url: '/m/c.webm', width: 460, height: 460 };
let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
let pause: ReturnType<typeof vi.fn<() => void>>;

beforeAll(() => vi.stubGlobal('IntersectionObserver', ControlledObserver));
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  ControlledObserver.instances = [];
  // jsdom has no media playback: record the calls instead.
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
});
afterEach(() => vi.restoreAllMocks());

function clipObserver(video: HTMLElement): ControlledObserver {
  const observer = ControlledObserver.instances.find((o) => o.targets.includes(video));
  if (!observer) throw new Error('the clip is not observed');
  return observer;
}

describe('clip autoplay (§4 Streams, §9: 60% visibility)', () => {
  it('asks to be told when the clip crosses 60% visibility', () => {
    render(<Clip clip={clip} title="A clip" />);
    expect(clipObserver(screen.getByLabelText('A clip')).options.threshold).toContain(AUTOPLAY_THRESHOLD);
    expect(AUTOPLAY_THRESHOLD).toBe(0.6);
  });

  it('plays at 60% visible or more and pauses below', () => {
    render(<Clip clip={clip} title="A clip" />);
    const observer = clipObserver(screen.getByLabelText('A clip'));
    observer.report(0.3);
    expect(play).not.toHaveBeenCalled();
    expect(pause).toHaveBeenCalledTimes(1);
    observer.report(0.6);
    expect(play).toHaveBeenCalledTimes(1);
    observer.report(1);
    expect(play).toHaveBeenCalledTimes(2);
    observer.report(0.59);
    expect(pause).toHaveBeenCalledTimes(2);
    observer.report(0);
    expect(pause).toHaveBeenCalledTimes(3);
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('a refused play (the browser blocks autoplay) is not an error', async () => {
    play.mockImplementation(() => Promise.reject(new DOMException('blocked', 'NotAllowedError')));
    render(<Clip clip={clip} title="A clip" />);
    clipObserver(screen.getByLabelText('A clip')).report(0.8);
    expect(play).toHaveBeenCalledTimes(1);
    await act(() => Promise.resolve());
  });

  it('stops observing once the clip is gone', () => {
    const { unmount } = render(<Clip clip={clip} title="A clip" />);
    const observer = clipObserver(screen.getByLabelText('A clip'));
    unmount();
    expect(observer.targets).toEqual([]);
  });
});

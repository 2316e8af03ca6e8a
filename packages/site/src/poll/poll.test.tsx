import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../lib/api';
import { RouterProvider } from '../router';
import { modalStore } from '../ui/modals';
import { toastStore } from '../ui/toasts';
import { memberInfo } from '../test/fixtures';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { Poll, type PollPost } from './poll';
import type { PollResults } from '@guffaw/api';
import {
  formatVotes, nextRefreshDelay, percentOf, POLL_REFRESH_MAX_MS, POLL_REFRESH_START_MS, timeRemaining, VOTE_FAILED, VOTE_THREW,
} from './poll-rules';

const base = 'http://api.test';
const server = setupServer();

/** An IntersectionObserver the test moves in and out of view. */
let observers: { callback: IntersectionObserverCallback; target: Element; options: IntersectionObserverInit | undefined }[] = [];
class TestObserver {
  constructor(
    private readonly callback: IntersectionObserverCallback,
    private readonly options?: IntersectionObserverInit,
  ) {}
  observe(target: Element) {
    observers.push({ callback: this.callback, target, options: this.options });
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
const setInView = (inView: boolean) =>
  act(() => {
    for (const o of observers) o.callback([{ isIntersecting: inView, intersectionRatio: inView ? 1 : 0, target: o.target } as IntersectionObserverEntry], {} as IntersectionObserver);
  });

const HOUR = 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const results = (votes: number[], overrides: Partial<PollResults> = {}): PollResults => ({
  options: votes.map((v, i) => ({ text: `Option ${i + 1}`, votes: v })),
  ends_at: nowSeconds() + 3 * 86_400 + 60,
  user_voted_option: null,
  ...overrides,
});
const post: PollPost = { id: 'p1', postUrl: `${base}/gag/p1`, polling: { options: [{ text: 'Option 1' }, { text: 'Option 2' }], endTs: nowSeconds() + 3 * 86_400 + 60 } };

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
  vi.stubGlobal('IntersectionObserver', TestObserver);
});
beforeEach(() => {
  observers = [];
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
  toastStore.setState({ toasts: [] });
  modalStore.setState({ current: null });
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const show = (main = true) =>
  render(
    <RouterProvider routes={[]}>
      <Poll post={post} main={main} />
    </RouterProvider>,
  );

describe('poll rules (§4)', () => {
  it('refresh starts at 30 s, halves on a change down to 5 s, grows 1.5 times when unchanged up to a day', () => {
    expect(POLL_REFRESH_START_MS).toBe(30_000);
    expect(nextRefreshDelay(30_000, true)).toBe(15_000);
    expect(nextRefreshDelay(8_000, true)).toBe(5_000);
    expect(nextRefreshDelay(5_000, true)).toBe(5_000);
    expect(nextRefreshDelay(30_000, false)).toBe(45_000);
    expect(nextRefreshDelay(80_000_000, false)).toBe(POLL_REFRESH_MAX_MS);
  });

  it('time remaining reads days, hours, less than 1 hour, then ended', () => {
    const now = Date.now();
    const at = (seconds: number) => Math.floor(now / 1000) + seconds;
    expect(timeRemaining(at(2 * 86_400 + 60), now)).toBe('in 2 days');
    expect(timeRemaining(at(86_400 + 60), now)).toBe('in 1 day');
    expect(timeRemaining(at(5 * HOUR + 60), now)).toBe('in 5 hours');
    expect(timeRemaining(at(HOUR + 60), now)).toBe('in 1 hour');
    expect(timeRemaining(at(600), now)).toBe('in less than 1 hour');
    expect(timeRemaining(at(-1), now)).toBe('ended');
  });

  it('totals in en-US formatting and rounded percentages', () => {
    expect(formatVotes(1234567)).toBe('1,234,567 votes');
    expect(formatVotes(1)).toBe('1 vote');
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('Poll', () => {
  it('hides votes until the viewer votes; a visitor is asked to log in with vote_poll and the post url', async () => {
    const calls: string[] = [];
    server.use(
      http.get(`${base}/v1/poll/results`, ({ request }) => {
        calls.push(new URL(request.url).searchParams.get('entryId') ?? '');
        return HttpResponse.json({ meta: { status: 'Success' }, data: { poll: results([3, 1]) } });
      }),
    );
    show();
    setInView(true);
    await waitFor(() => expect(calls).toEqual(['p1']));
    expect(screen.queryByText('%', { exact: false })).toBeNull();
    expect(screen.getByTestId('poll-time').textContent).toBe('Ends in 3 days');
    await userEvent.click(screen.getByRole('button', { name: 'Option 1' }));
    expect(modalStore.getState().current).toEqual({ name: 'signup', props: { next: '/gag/p1', action: 'vote_poll' } });
  });

  it('refreshes only while in view, on the 30 s, halved and 1.5x schedule, and stops when the poll ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const endsAt = nowSeconds() + 86_400;
    const endsSoon = nowSeconds() + 370;
    const replies = [() => results([1, 0], { ends_at: endsAt }), () => results([2, 0], { ends_at: endsAt }), () => results([2, 0], { ends_at: endsAt }), () => results([2, 0], { ends_at: endsAt }), () => results([2, 0], { ends_at: endsSoon })];
    const times: number[] = [];
    const start = Date.now();
    server.use(
      http.get(`${base}/v1/poll/results`, () => {
        times.push(Date.now() - start);
        return HttpResponse.json({ meta: { status: 'Success' }, data: { poll: replies[Math.min(times.length - 1, replies.length - 1)]?.() } });
      }),
    );
    show();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(times).toEqual([]);
    setInView(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(times).toEqual([60_000]);
    // 30 s later (changed: next in 15 s), then 15 s (unchanged: next in 22.5 s), then 22.5 s.
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.advanceTimersByTimeAsync(15_000);
    await vi.advanceTimersByTimeAsync(22_500);
    expect(times).toEqual([60_000, 90_000, 105_000, 127_500]);
    setInView(false);
    await vi.advanceTimersByTimeAsync(200_000);
    expect(times).toHaveLength(4);
    // Back in view, it goes on where it was (22.5 s x 1.5). That reply moves the end to 370 s: the next refresh is at
    // the end (sooner than the halved 16.9 s), and none after.
    setInView(true);
    await vi.advanceTimersByTimeAsync(33_000);
    expect(times).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(times).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(times).toHaveLength(6);
    expect(times[4]).toBe(361_250);
    // ends_at is in whole seconds, the test clock is not.
    expect(times[5]).toBeGreaterThan(369_000);
    expect(times[5]).toBeLessThanOrEqual(370_000);
    expect(screen.getByTestId('poll-time').textContent).toBe('ended');
  });

  it('votes optimistically, then shows the server count with percentages and the en-US total', async () => {
    userStore.setState({ info: memberInfo() });
    let release: () => void = () => undefined;
    const bodies: unknown[] = [];
    server.use(
      http.post(`${base}/v1/poll/results`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { poll: results([999, 1000]) } })),
      http.post(`${base}/v1/poll/vote`, async ({ request }) => {
        bodies.push(await request.json());
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ meta: { status: 'Success' }, data: { poll: results([1000, 1002], { user_voted_option: 0 }) } });
      }),
    );
    show();
    setInView(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Option 1' }));
    // Optimistic: 1000 of 2000 before the server answers.
    expect(await screen.findByText('(your vote)')).toBeTruthy();
    expect(screen.getByTestId('poll-total').textContent).toBe('2,000 votes');
    expect(screen.getAllByText('50%')).toHaveLength(2);
    expect(bodies).toEqual([{ entryId: 'p1', feedId: 'post', feedSource: 'post-view', option_index: 0 }]);
    release();
    await waitFor(() => expect(screen.getByTestId('poll-total').textContent).toBe('2,002 votes'));
    // Voted is final: no option buttons left.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([
    ['a Failure reply', () => HttpResponse.json({ meta: { status: 'Failure', errorCode: 'ALREADY_VOTED', errorMessage: 'x' }, data: {} }, { status: 409 }), VOTE_FAILED],
    ['a failed request', () => HttpResponse.error(), VOTE_THREW],
  ])('reverts on %s with its message', async (_name, reply, message) => {
    userStore.setState({ info: memberInfo() });
    server.use(
      http.post(`${base}/v1/poll/results`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { poll: results([1, 1]) } })),
      http.post(`${base}/v1/poll/vote`, reply),
    );
    show();
    setInView(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Option 2' }));
    await waitFor(() => expect(toastStore.getState().toasts.map((t) => t.message)).toEqual([message]));
    expect(screen.getByRole('button', { name: 'Option 2' })).toBeTruthy();
    expect(screen.queryByText('(your vote)')).toBeNull();
  });

  it('shows the results of an ended poll, and offers no vote; in lists an option opens the post', async () => {
    server.use(
      http.get(`${base}/v1/poll/results`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { poll: results([1, 3], { ends_at: nowSeconds() - 10 }) } })),
    );
    show();
    setInView(true);
    expect(await screen.findByText('75%')).toBeTruthy();
    expect(screen.getByTestId('poll-time').textContent).toBe('ended');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('links the options to the post in lists', () => {
    show(false);
    expect(screen.getByRole('link', { name: 'Option 1' }).getAttribute('href')).toBe('/gag/p1');
    expect(observers[0]?.options).toMatchObject({ threshold: 0.1, rootMargin: '50px' });
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Comments } from '@guffaw/comments-widget';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeComment, userState, users, setupCommentService } from '@guffaw/test-utils/widget';
import { BOTTOM_COMPOSER_MARGIN_PX, BottomComposer } from './bottom-composer';

const serviceClient = setupCommentService();

// jsdom has no IntersectionObserver: this one reports only what a test tells it, and keeps the options it got.
type Observed = { callback: IntersectionObserverCallback; options: IntersectionObserverInit | undefined; targets: Element[] };
const observers: Observed[] = [];
class ManualObserver {
  private readonly entry: Observed;
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, options, targets: [] };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.entry.targets = [];
  }
  takeRecords() {
    return [];
  }
}
const mainComposer = () => document.querySelector('[data-composer="main"]')!;
/** The main composer at `bottom` px from the top of the view (negative: scrolled up past it). */
const place = (isIntersecting: boolean, bottom: number) =>
  act(() => {
    for (const o of observers.filter((x) => x.targets.includes(mainComposer())))
      o.callback([{ isIntersecting, target: mainComposer(), boundingClientRect: { bottom } as DOMRect } as IntersectionObserverEntry], {} as IntersectionObserver);
  });

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', ManualObserver);
});
afterEach(() => vi.unstubAllGlobals());

function show(comments = [makeComment({ commentId: 'c1', text: 'First!' })]) {
  const client = serviceClient({ user: userState(users.ada), comments });
  render(
    <Comments appId="guffaw" url="https://guffaw.example.com/gag/p1" client={client}>
      <BottomComposer theme="light" />
    </Comments>,
  );
  return client;
}

describe('bottom composer', () => {
  it('shows once the main composer is more than 70 px above the view, and hides when it comes back', async () => {
    show();
    await screen.findByText('First!');
    await waitFor(() => expect(observers.some((o) => o.targets.includes(mainComposer()))).toBe(true));
    const observer = observers.find((o) => o.targets.includes(mainComposer()))!;
    expect(observer.options?.rootMargin).toBe(`${BOTTOM_COMPOSER_MARGIN_PX}px 0px ${BOTTOM_COMPOSER_MARGIN_PX}px 0px`);
    expect(screen.queryByTestId('bottom-composer')).toBeNull();

    place(false, 900); // still below the view: not yet reached
    expect(screen.queryByTestId('bottom-composer')).toBeNull();
    place(false, -120);
    expect(screen.getByTestId('bottom-composer')).toBeInTheDocument();
    place(true, 20);
    expect(screen.queryByTestId('bottom-composer')).toBeNull();
  });

  it('writes the main composer’s draft and posts the comment like the main one', async () => {
    const user = userEvent.setup();
    const client = show();
    await screen.findByText('First!');
    const main = within(mainComposer() as HTMLElement).getByRole('textbox');
    await user.type(main, 'Half a thought');
    await waitFor(() => expect(observers.some((o) => o.targets.includes(mainComposer()))).toBe(true));
    place(false, -300);

    const bar = screen.getByTestId('bottom-composer');
    const field = within(bar).getByRole('textbox');
    expect(field).toHaveValue('Half a thought');
    expect(field.id).not.toBe(main.id);
    await user.type(field, ', finished below');
    expect(main).toHaveValue('Half a thought, finished below');
    await user.click(within(bar).getByRole('button', { name: 'Post' }));

    await waitFor(() => expect(client.callsOf('addComment')).toHaveLength(1));
    expect(client.callsOf('addComment')[0]![0]).toMatchObject({ text: 'Half a thought, finished below' });
    expect(await screen.findByText('Half a thought, finished below')).toBeInTheDocument();
    expect(main).toHaveValue('');
  });

  it('in a thread, View all N comments goes back to the list', async () => {
    const user = userEvent.setup();
    show([
      makeComment({ commentId: 'c1', text: 'Parent', childrenTotal: 1, timestamp: 100 }),
      makeComment({ commentId: 'c2', text: 'Other', timestamp: 200 }),
      makeComment({ commentId: 'r1', parent: 'c1', text: 'The reply', timestamp: 300 }),
    ]);
    await screen.findByText('Parent');
    await user.click(screen.getByRole('button', { name: 'View 1 reply' }));
    await screen.findByText('The reply');
    expect(screen.queryByText('Other')).toBeNull();
    await waitFor(() => expect(observers.some((o) => o.targets.includes(mainComposer()))).toBe(true));
    place(false, -300);
    await user.click(within(screen.getByTestId('bottom-composer')).getByRole('button', { name: /^View all \d+ comments$/ }));
    expect(await screen.findByText('Other')).toBeInTheDocument();
    expect(screen.queryByText('The reply')).toBeNull();
  });
});

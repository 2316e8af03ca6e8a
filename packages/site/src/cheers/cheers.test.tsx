import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postListStore } from '../feed/post-store';
import { makePost } from '../feed/test-posts';
import { configureApi } from '../lib/api';
import { RouterProvider } from '../router';
import { toastStore } from '../ui/toasts';
import { memberInfo } from '../test/fixtures';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { CheeredBy, CheersButton, CHEERS_SENT } from './cheers';
import { cheersStore } from './cheers-store';

const base = 'http://api.test';
const server = setupServer();

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
beforeEach(() => {
  postListStore.setState({ posts: {}, lists: {} });
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
  toastStore.setState({ toasts: [] });
  cheersStore.setState({ balance: null, sentAwards: [], loadedFor: null, sending: false });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const inRouter = (ui: React.ReactNode) => render(<RouterProvider routes={[]}>{ui}</RouterProvider>);

/** The award endpoints with a balance the test sets; each send spends one. */
function awardServer(start: number, options: { hold?: Promise<void>; fail?: boolean } = {}) {
  let balance = start;
  const sends: Record<string, string>[] = [];
  server.use(
    http.get(`${base}/award-balance`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { balance } })),
    http.get(`${base}/user-sent-awards`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { sentAwards: ['old'], balance } })),
    http.post(`${base}/award`, async ({ request }) => {
      sends.push(Object.fromEntries(new URLSearchParams(await request.text())));
      await options.hold;
      if (options.fail) return HttpResponse.json({ meta: { status: 'Failure', errorCode: 'ALREADY_SENT', errorMessage: 'You already sent Cheers to this post.' }, data: {} }, { status: 409 });
      balance -= 1;
      return HttpResponse.json({ meta: { status: 'Success' }, data: { id: 'p1', balance } });
    }),
  );
  return sends;
}

describe('Cheers', () => {
  it('is for members only, never on collection pages nor on own uploads (§5)', () => {
    const { rerender } = inRouter(<CheersButton post={makePost('p1')} />);
    expect(screen.queryByRole('button', { name: 'Cheers' })).toBeNull();
    awardServer(1);
    userStore.setState({ info: { ...memberInfo(), uploads: ['own'] } });
    rerender(
      <RouterProvider routes={[]}>
        <CheersButton post={makePost('own')} />
        <CheersButton post={makePost('c', { type: 'CollectionPage' })} />
        <CheersButton post={makePost('p1')} />
      </RouterProvider>,
    );
    expect(screen.getAllByRole('button', { name: 'Cheers' })).toHaveLength(1);
  });

  it('loads the balance, sends one Cheers per action, then closes, updates the balance and the sent list', async () => {
    userStore.setState({ info: memberInfo() });
    const post = makePost('p1', { title: 'Cheer me' });
    postListStore.getState().putPost(post);
    let release: () => void = () => undefined;
    const sends = awardServer(2, { hold: new Promise<void>((r) => (release = r)) });
    inRouter(<CheersButton post={post} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cheers' }));
    const dialog = screen.getByRole('dialog', { name: 'Send Cheers' });
    await waitFor(() => expect(within(dialog).getByTestId('cheers-balance').textContent).toBe('You have 2 Cheers'));
    const send = within(dialog).getByRole('button', { name: 'Send 1 Cheers' });
    await userEvent.click(send);
    // Disabled while sending: a second click sends nothing.
    expect(within(dialog).getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sending…' }));
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sends).toEqual([{ id: 'p1', type: 'cheers', amount: '1' }]);
    expect(cheersStore.getState()).toMatchObject({ balance: 1, sentAwards: ['old', 'p1'] });
    expect(toastStore.getState().toasts.map((t) => t.message)).toEqual([CHEERS_SENT]);
    expect(screen.getByRole('button', { name: 'Cheered' })).toBeTruthy();
    expect(postListStore.getState().posts['p1']).toMatchObject({ awardUsersCount: 1, awardUsers: [{ username: 'demo' }] });
  });

  it('cannot send at balance 0; a refused send keeps the modal open with the reason', async () => {
    userStore.setState({ info: memberInfo() });
    awardServer(0);
    const { unmount } = inRouter(<CheersButton post={makePost('p1')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cheers' }));
    await waitFor(() => expect(screen.getByTestId('cheers-balance').textContent).toBe('You have 0 Cheers'));
    expect(screen.getByRole('button', { name: 'Send 1 Cheers' })).toHaveProperty('disabled', true);
    unmount();

    awardServer(3, { fail: true });
    inRouter(<CheersButton post={makePost('p2')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cheers' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send 1 Cheers' })).toHaveProperty('disabled', false));
    await userEvent.click(screen.getByRole('button', { name: 'Send 1 Cheers' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already sent Cheers to this post.');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("shows 'Cheered by' with up to 3 avatars and +N", () => {
    const users = Array.from({ length: 4 }, (_, i) => ({ userId: `u${i}`, username: `user${i}`, profileUrl: `http://x.test/u/user${i}`, avatarUrl: i === 0 ? '/a.png' : '' }));
    const { rerender } = inRouter(<CheeredBy post={{ awardUsers: users, awardUsersCount: 7 }} />);
    const line = screen.getByTestId('cheered-by');
    expect(line.textContent).toMatch(/^Cheered by/);
    expect(within(line).getAllByRole('link')).toHaveLength(3);
    expect(within(line).getByRole('link', { name: 'user0' }).getAttribute('href')).toBe('/u/user0');
    expect(within(line).getByText('+4')).toBeTruthy();
    rerender(
      <RouterProvider routes={[]}>
        <CheeredBy post={{ awardUsers: users.slice(0, 2), awardUsersCount: 2 }} />
      </RouterProvider>,
    );
    expect(screen.getByTestId('cheered-by').textContent).not.toContain('+');
    rerender(
      <RouterProvider routes={[]}>
        <CheeredBy post={{ awardUsers: [], awardUsersCount: 0 }} />
      </RouterProvider>,
    );
    expect(screen.queryByTestId('cheered-by')).toBeNull();
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { InterestListPage, TagListPage } from '../../feed/feed-page';
import { postListStore } from '../../feed/post-store';
import { configureApi } from '../../lib/api';
import { RouterProvider, syncLocation } from '../../router';
import { modalStore } from '../../ui/modals/modal-store';
import { toastStore } from '../../ui/toasts/toast-store';
import { makeInterest, memberInfo } from '../../test/fixtures';
import { failure, success } from '../../test/handlers';
import { QuietObserver } from '../../test/media';
import { userStore } from '../../user/user-store';
import { guestInfo } from '../../user/user-types';
import { FOLLOW_FAILED, followedStore } from '../followed-pages';
import { interestStore } from '../interests';

const base = 'http://api.test';
const emptyList = () => HttpResponse.json({ meta: { status: 'Success' }, data: { posts: [], after: null, nextCursor: null, feedId: 'list', tags: [], tag: null } });
const server = setupServer(
  ...(['get', 'post'] as const).flatMap((method) => [
    http[method](`${base}/v1/tag-posts/tag/:tag/type/:type`, emptyList),
    http[method](`${base}/v1/interest-posts/interest/:interest/type/:type`, emptyList),
  ]),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
  vi.stubGlobal('IntersectionObserver', QuietObserver);
});
beforeEach(() => {
  localStorage.clear();
  postListStore.setState({ posts: {}, lists: {} });
  followedStore.setState({ pages: [], loaded: true });
  interestStore.setState({ interests: [], loaded: true });
  modalStore.setState({ current: null });
  toastStore.setState({ toasts: [] });
});
afterEach(() => {
  server.resetHandlers();
  userStore.setState({ info: guestInfo() });
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

const at = (path: string) => {
  window.history.replaceState(null, '', path);
  act(() => syncLocation());
};
const tagPage = (tag: string) => {
  at(`/tag/${tag}`);
  return render(
    <RouterProvider routes={[]}>
      <TagListPage params={{ tag }} />
    </RouterProvider>,
  );
};

/** Records each follow call as "{kind}:{key}={isFollowing}"; `refuse` answers Failure. */
const followHandler = (calls: string[], refuse = false) =>
  http.post(`${base}/user-followed-pages/:kind/:key`, async ({ params, request }) => {
    const isFollowing = new URLSearchParams(await request.text()).get('isFollowing');
    calls.push(`${String(params['kind'])}:${String(params['key'])}=${isFollowing}`);
    if (refuse) return failure('TOO_MANY_FOLLOWS', 'You can follow at most 500 tags and interests.');
    return success({ key: params['key'], url: `/${String(params['kind'])}/${String(params['key'])}`, isFollowing: Number(isFollowing) });
  });

describe('follow button on tag and interest pages', { timeout: 20_000 }, () => {
  it('asks a guest to sign up, naming the action and this page, and sends nothing', async () => {
    tagPage('funny-cats');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(modalStore.getState().current).toEqual({ name: 'signup', props: { next: '/tag/funny-cats', action: 'follow' } });
    expect(followedStore.getState().pages).toEqual([]);
  });

  it('follows and unfollows a tag for a member, each applied on the Success reply', async () => {
    const calls: string[] = [];
    server.use(followHandler(calls));
    userStore.setState({ info: memberInfo(), fetchedAt: Date.now() });
    tagPage('funny-cats');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following).toHaveAttribute('aria-pressed', 'true');
    expect(followedStore.getState().pages.map((p) => `${p.kind}:${p.key}:${p.url}`)).toEqual(['tag:funny-cats:/tag/funny-cats']);
    await userEvent.click(following);
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(followedStore.getState().pages).toEqual([]);
    expect(calls).toEqual(['tag:funny-cats=1', 'tag:funny-cats=0']);
  });

  it('shows Following for a tag already followed', async () => {
    userStore.setState({ info: memberInfo(), fetchedAt: Date.now() });
    followedStore.setState({ pages: [{ kind: 'tag', key: 'dogs', name: 'dogs', url: '/tag/dogs', updateTs: 1 }], loaded: true });
    tagPage('dogs');
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('changes nothing on a Failure reply and says so', async () => {
    const calls: string[] = [];
    server.use(followHandler(calls, true));
    userStore.setState({ info: memberInfo(), fetchedAt: Date.now() });
    tagPage('cats');
    const button = await screen.findByRole('button', { name: 'Follow' });
    await userEvent.click(button);
    await waitFor(() => expect(calls).toEqual(['tag:cats=1']));
    await waitFor(() => expect(toastStore.getState().toasts.map((t) => t.message)).toEqual([FOLLOW_FAILED]));
    expect(button).toHaveTextContent(/^Follow$/);
    expect(button).toBeEnabled();
    expect(followedStore.getState().pages).toEqual([]);
  });

  it('follows an interest by the key of its page, with its name', async () => {
    const calls: string[] = [];
    server.use(followHandler(calls));
    userStore.setState({ info: memberInfo(), fetchedAt: Date.now() });
    interestStore.setState({ interests: [makeInterest({ key: 'funny', name: 'Funny stuff', url: `${base}/interest/funny` })], loaded: true });
    at('/interest/funny');
    render(
      <RouterProvider routes={[]}>
        <InterestListPage params={{ interest: 'funny' }} />
      </RouterProvider>,
    );
    // The heading names the interest ("Funny stuff"), not its key.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Funny stuff');
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await screen.findByRole('button', { name: 'Following' });
    expect(calls).toEqual(['interest:funny=1']);
    expect(followedStore.getState().pages).toMatchObject([{ kind: 'interest', key: 'funny', name: 'Funny stuff' }]);
  });
});

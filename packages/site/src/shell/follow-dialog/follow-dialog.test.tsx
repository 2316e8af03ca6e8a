import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { followedStore } from '../../tags/followed-pages';
import { interestStore } from '../../tags/interests';
import { makeTag, tagStore } from '../../tags/tag-store';
import { makeInterest, memberInfo } from '../../test/fixtures';
import { failure, interestsHandler, success } from '../../test/handlers';
import { userStore } from '../../user/user-store';
import { guestInfo } from '../../user/user-types';
import { FollowDialog } from './follow-dialog';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const followHandler = () =>
  http.post('*/user-followed-pages/:kind/:key', async ({ params, request }) => {
    if (params.key === 'broken') return failure('FAILED', 'No.', 400);
    const body = new URLSearchParams(await request.text());
    return success({ key: params.key, isFollowing: Number(body.get('isFollowing')) });
  });

describe('follow dialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    userStore.setState({ info: memberInfo() });
    followedStore.setState({ pages: [], loaded: true });
    interestStore.setState({ interests: [], loaded: false });
    tagStore.setState({ popular: [makeTag('cats'), makeTag('dogs')] });
  });
  afterEach(() => userStore.setState({ info: guestInfo() }));

  it('loads interests, needs one followed interest for Next, then offers tags', async () => {
    server.use(interestsHandler(), followHandler());
    const close = vi.fn();
    render(<FollowDialog props={{}} close={close} />);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await userEvent.click(await screen.findByRole('button', { name: 'Funny' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Funny' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.queryByRole('button', { name: /NSFW/ })).toBeNull();
    expect(next).toBeEnabled();
    await userEvent.click(next);
    expect(screen.getByRole('dialog', { name: 'Follow tags' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'cats' }));
    await waitFor(() => expect(followedStore.getState().pages.map((p) => `${p.kind}:${p.key}`)).toEqual(['tag:cats', 'interest:funny']));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(close).toHaveBeenCalled();
  });

  it('follows each interest by its key (the server\'s listType names the list kind)', async () => {
    const followed: string[] = [];
    server.use(
      interestsHandler([
        makeInterest({ key: 'funny', name: 'Funny', url: 'http://api.test/interest/funny' }),
        makeInterest({ key: 'animals', name: 'Animals', url: 'http://api.test/interest/animals' }),
      ]),
      http.post('*/user-followed-pages/:kind/:key', ({ params }) => {
        followed.push(`${String(params.kind)}:${String(params.key)}`);
        return success({ key: params.key });
      }),
    );
    render(<FollowDialog props={{}} close={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Animals' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Animals' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: 'Funny' })).toHaveAttribute('aria-pressed', 'false');
    expect(followed).toEqual(['interest:animals']);
  });

  it('needs 3 interests in signup mode and marks the initial follow finished on close', async () => {
    let settings = '';
    server.use(
      interestsHandler([
        makeInterest({ listType: 'a', key: 'a', name: 'A' }),
        makeInterest({ listType: 'b', key: 'b', name: 'B' }),
        makeInterest({ listType: 'c', key: 'c', name: 'C' }),
        makeInterest({ listType: 'broken', key: 'broken', name: 'Broken' }),
      ]),
      followHandler(),
      http.post('*/v1/settings', async ({ request }) => {
        settings = await request.text();
        return success({});
      }),
    );
    const close = vi.fn();
    render(<FollowDialog props={{ signup: true }} close={close} />);
    const next = screen.getByRole('button', { name: 'Next' });
    for (const name of ['A', 'B', 'Broken']) {
      await userEvent.click(await screen.findByRole('button', { name }));
    }
    await waitFor(() => expect(followedStore.getState().pages).toHaveLength(2));
    // A Failure reply changes nothing.
    expect(screen.getByRole('button', { name: 'Broken' })).toHaveAttribute('aria-pressed', 'false');
    expect(next).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'C' }));
    await waitFor(() => expect(next).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(close).toHaveBeenCalled();
    await waitFor(() => expect(settings).toBe('initialFollowFinished=1'));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeComment, userState, users } from '@guffaw/test-utils/widget';
import { createWidgetStores } from '../../stores/widget-stores.js';
import { renderComments, serviceClient } from '../../test/render.js';

/**
 * A third-party app's members (issue #18): with no followApi or blockApi from the host, the widget follows threads
 * and blocks members through the comment service's own calls (client.followThread, client.blockUser), with the
 * site's labels and toasts; the main app ('guffaw') gets the same calls when the host passes no APIs (the frame).
 */
const thread = () => [
  makeComment({ commentId: 'a', user: users.ada, text: 'first by ada', childrenTotal: 2, timestamp: 100 }),
  makeComment({ commentId: 'b', user: users.bob, text: 'second by bob', timestamp: 200 }),
  makeComment({ commentId: 'r1', user: users.bob, parent: 'a', text: 'reply one', timestamp: 300 }),
  makeComment({ commentId: 'r2', user: users.cat, parent: 'a', text: 'reply two', timestamp: 400 }),
];
const third = (user = userState(users.ada)) => renderComments(
  { comments: thread(), user, app: { appId: 'third' } },
  { appId: 'third', followApi: undefined, blockApi: undefined },
);
const menuOf = async (user: ReturnType<typeof third>['user'], text: string) => {
  const article = (await screen.findByText(text)).closest('article') as HTMLElement;
  await user.click(within(article).getByRole('button', { name: /More actions/ }));
  return screen.getAllByRole('menuitem').map((m) => m.textContent);
};

describe('<Comments> of a third-party app', () => {
  it('follows and unfollows a thread through the comment service, with the toasts of §8', async () => {
    const { ready, user, client } = third();
    await ready();
    await user.click(await screen.findByRole('button', { name: 'View 2 replies' }));
    const follow = await screen.findByRole('button', { name: 'Follow thread' });
    await waitFor(() => expect(follow).toBeEnabled());
    expect(client.callsOf('followStatus')).toEqual([['a']]);
    await user.click(follow);
    expect(await screen.findByText('You will get notified when there are new replies.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfollow thread' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Unfollow thread' }));
    expect(await screen.findByText("You won't get notified.")).toBeInTheDocument();
    expect(client.callsOf('followThread')).toEqual([['a', true], ['a', false]]);
  });

  it('shows a followed thread as followed when it opens (the status is read from the service)', async () => {
    const { ready, user, client } = third();
    await ready();
    await client.followThread('a', true);
    await user.click(await screen.findByRole('button', { name: 'View 2 replies' }));
    expect(await screen.findByRole('button', { name: 'Unfollow thread' })).toBeEnabled();
  });

  it("blocks a member from a comment's menu: their comments leave at once; Undo unblocks", async () => {
    const { ready, user, client } = third();
    await ready();
    expect(await menuOf(user, 'second by bob')).toContain('Block @bob');
    await user.click(screen.getByRole('menuitem', { name: 'Block @bob' }));
    expect(await screen.findByText('You’ve blocked @bob')).toBeInTheDocument();
    expect(screen.queryByText('second by bob')).toBeNull();
    expect(client.callsOf('blockUser')).toEqual([['a-u-bob']]);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('You’ve unblocked @bob')).toBeInTheDocument();
    expect(screen.getByText('second by bob')).toBeInTheDocument();
    expect(client.callsOf('unblockUser')).toEqual([['a-u-bob']]);
  });

  it('has no Block on the viewer’s own comment', async () => {
    const { ready, user } = third();
    await ready();
    expect(await menuOf(user, 'first by ada')).not.toContain('Block @ada');
  });

  it("keeps blocked members' comments out after a reload: the blocklist comes with the user", async () => {
    const { ready } = third(userState(users.ada, { blocklist: [{ accountId: users.bob.accountId, name: 'bob' }] }));
    await ready();
    await screen.findByText('first by ada');
    await waitFor(() => expect(screen.queryByText('second by bob')).toBeNull());
  });

  it('offers neither to visitors', async () => {
    const { ready, user } = renderComments({ comments: thread(), app: { appId: 'third' } }, { appId: 'third', followApi: undefined, blockApi: undefined });
    await ready();
    expect(await menuOf(user, 'second by bob')).not.toContain('Block @bob');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'View 2 replies' }));
    await screen.findByText('reply two');
    expect(screen.queryByRole('button', { name: /Follow thread/ })).toBeNull();
  });

  it("the main app without the host's APIs (the embed frame) follows and blocks through the comment service too", async () => {
    const { ready, user, client } = renderComments({ comments: thread(), user: userState(users.ada) }, { followApi: undefined, blockApi: undefined });
    await ready();
    expect(await menuOf(user, 'second by bob')).toContain('Block @bob');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'View 2 replies' }));
    await screen.findByText('reply two');
    const follow = await screen.findByRole('button', { name: 'Follow thread' });
    await waitFor(() => expect(follow).toBeEnabled());
    expect(client.callsOf('followStatus')).toEqual([['a']]);
  });

  it('takes the blocklist of whoever signs in, and drops it when they sign out', async () => {
    const client = serviceClient({ user: userState(users.ada, { blocklist: [{ accountId: users.bob.accountId, name: 'bob' }] }), app: { appId: 'third' }, url: 'https://third.example/a' });
    const stores = createWidgetStores(client, { url: 'https://third.example/a' });
    await stores.user.getState().load();
    expect(stores.settings.getState().blocklistIds).toEqual([users.bob.accountId]);
    const before = stores.settings.getState();
    stores.user.getState().setQuota({ count: 1, wait: 0, expiry: 0 });
    expect(stores.settings.getState()).toBe(before);
    client.setAuth(null);
    await stores.user.getState().load();
    expect(stores.settings.getState().blocklistIds).toEqual([]);
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { RouterProvider } from '../router';
import { ModalHost } from '../shell/modals/modal-host';
import { modalStore, OPEN_MODAL_EVENT } from '../ui/modals/modal-store';
import { toastStore } from '../ui/toasts';
import { ACCOUNT_TEST_API, accountModalServer } from '../test/account-modals';
import { memberInfo } from '../test/fixtures';
import { userStore, type MainUser } from '../user';
import type { BlockedUser } from './account-api';
import { NO_BLOCKED_USERS } from './settings/blocked-users';
import { AccountSection } from './settings/sections';

const base = ACCOUNT_TEST_API;
const server = accountModalServer();

const blocked = (n: number): BlockedUser => ({ userId: `u${n}`, accountId: `a${n}`, username: `Blocked${n}`, fullName: `Person ${n}`, avatarUrl: '' });
const ok = <T,>(data: T) => HttpResponse.json({ meta: { status: 'Success' }, data });

/** The block list endpoints over `list`: pages as asked, and unblock (_method delete) removing from it. */
function blockEndpoints(list: BlockedUser[], unblock: (accountId: string) => Response | null = () => null) {
  const pages: number[] = [];
  const sent: Record<string, string>[] = [];
  server.use(
    http.post(`${base}/v1/user-block-list`, async ({ request }) => {
      const fields = new URLSearchParams(await request.text());
      const from = Number(fields.get('fromIndex'));
      const count = Number(fields.get('itemCount'));
      pages.push(from);
      return ok({ users: list.slice(from, from + count), didEndOfList: from + count >= list.length });
    }),
    http.post(`${base}/v1/user-block`, async ({ request }) => {
      const fields = Object.fromEntries(new URLSearchParams(await request.text()));
      sent.push(fields);
      const override = unblock(fields.accountId ?? '');
      if (override) return override;
      list.splice(list.findIndex((u) => u.accountId === fields.accountId), 1);
      return ok({});
    }),
    http.post(`${base}/v1/user-info`, () => ok({ ...userStore.getState().info })),
    http.get(`${base}/v1/auth-providers`, () => ok({ providers: [] })),
  );
  return { pages, sent };
}

const signIn = (blocklistIds: string[] = []) => {
  const info = { ...memberInfo(), blocklistIds };
  act(() => userStore.setState({ info, fetchedAt: Date.now(), initialised: true }));
  return info.user as MainUser;
};

const open = () =>
  act(() => {
    window.dispatchEvent(new CustomEvent(OPEN_MODAL_EVENT, { detail: { name: 'blocked-users', props: {} } }));
  });

const renderHost = (user?: MainUser) =>
  render(
    <RouterProvider routes={[]}>
      {user && <AccountSection user={user} />}
      <ModalHost />
    </RouterProvider>,
  );

describe('blocked users modal', { timeout: 20_000 }, () => {
  it('lists every blocked user (pages of 20 until didEndOfList) and unblocks one with the toast', async () => {
    const list = Array.from({ length: 23 }, (_, i) => blocked(i + 1));
    const { pages, sent } = blockEndpoints(list);
    signIn(list.map((u) => u.accountId));
    renderHost();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Blocked users' });
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows).toHaveLength(23);
    expect(pages).toEqual([0, 20]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unblock @Blocked2' }));
    await waitFor(() => expect(within(dialog).queryByText(/@Blocked2 /)).toBeNull());
    expect(sent).toEqual([{ accountId: 'a2', _method: 'delete' }]);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(22);
    expect(userStore.getState().info.blocklistIds).not.toContain('a2');
    expect(toastStore.getState().toasts.map((t) => t.message)).toEqual(['You’ve unblocked @Blocked2']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(modalStore.getState().current).toBeNull();
  });

  it('says "No blocked users" for an empty list, and opens from Settings › Account', async () => {
    blockEndpoints([]);
    const user = signIn();
    renderHost(user);
    await userEvent.click(screen.getByRole('button', { name: 'Manage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blocked users' });
    expect(await within(dialog).findByText(NO_BLOCKED_USERS)).toBeInTheDocument();
    expect(NO_BLOCKED_USERS).toBe('No blocked users');
  });

  it("shows the server's message when loading or unblocking fails, and keeps the user listed", async () => {
    const list = [blocked(1)];
    blockEndpoints(list, () =>
      HttpResponse.json({ meta: { status: 'Failure', errorCode: 'SERVER_ERROR', errorMessage: 'Could not unblock right now.' }, data: {} }, { status: 503 }),
    );
    signIn(['a1']);
    renderHost();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Blocked users' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Unblock @Blocked1' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not unblock right now.');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    expect(userStore.getState().info.blocklistIds).toEqual(['a1']);
    act(() => modalStore.getState().close());

    server.use(
      http.post(`${base}/v1/user-block-list`, () =>
        HttpResponse.json({ meta: { status: 'Failure', errorCode: 'LOGIN_REQUIRED', errorMessage: 'Please log in first.' }, data: {} }, { status: 401 }),
      ),
    );
    open();
    const again = await screen.findByRole('dialog', { name: 'Blocked users' });
    expect(await within(again).findByRole('alert')).toHaveTextContent('Please log in first.');
  });
});

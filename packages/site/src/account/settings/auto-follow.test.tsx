import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { RouterProvider } from '../../router';
import { ACCOUNT_TEST_API, accountModalServer } from '../../test/account-modals';
import { memberInfo } from '../../test/fixtures';
import { userStore, type MainUser } from '../../user';
import { AccountSection } from './sections';

const server = accountModalServer();

describe('Settings › Account: follow a thread when replying', () => {
  it('shows the account’s autoFollowThreadReply and saves a change of it', async () => {
    const sent: Record<string, string>[] = [];
    server.use(
      http.post(`${ACCOUNT_TEST_API}/v1/settings`, async ({ request }) => {
        sent.push(Object.fromEntries(new URLSearchParams(await request.text())));
        return HttpResponse.json({ meta: { status: 'Success' }, data: { user: { ...userStore.getState().info.user, autoFollowThreadReply: false } } });
      }),
      http.get(`${ACCOUNT_TEST_API}/v1/auth-providers`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { providers: [] } })),
    );
    const info = memberInfo({ autoFollowThreadReply: true });
    act(() => userStore.setState({ info, fetchedAt: Date.now(), initialised: true }));
    render(<RouterProvider routes={[]}><AccountSection user={info.user as MainUser} /></RouterProvider>);
    const box = screen.getByRole('checkbox', { name: 'Follow a thread when I reply to it' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ autoFollowThreadReply: '0' });
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from '../../lib/api';
import { memberInfo } from '../../test/fixtures';
import { guestInfo, userStore } from '../../user';
import { ProSettingsPanel, type ProUser } from './pro-settings';
import { AccountSection, SAVED } from './sections';

const base = 'http://api.test';
const server = setupServer();
const sent: Record<string, string>[] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
  act(() => userStore.setState({ info: guestInfo() }));
});
afterAll(() => server.close());

const member = (over: Partial<ProUser> = {}) => {
  const info = memberInfo(over);
  userStore.setState({ info, fetchedAt: Date.now() });
  return info.user as ProUser;
};

function settingsEndpoint(reply: (fields: Record<string, string>) => Response) {
  server.use(
    http.post(`${base}/v1/settings`, async ({ request }) => {
      const fields = Object.fromEntries(new URLSearchParams(await request.text()));
      sent.push(fields);
      return reply(fields);
    }),
  );
}

describe('Pro settings', { timeout: 20_000 }, () => {
  it('shows nothing to a member without an active Pro', () => {
    render(<ProSettingsPanel user={member({ isActivePro: false })} saved={SAVED} />);
    expect(screen.queryByRole('group', { name: 'Pro' })).toBeNull();
  });

  it('gives an active Pro the two toggles, hideAds on by default, each saved at once', async () => {
    const user = member({ isActivePro: true });
    settingsEndpoint((fields) =>
      HttpResponse.json({
        meta: { status: 'Success' },
        data: { user: { ...user, proSettings: { hideAds: fields.hideAds !== '0', hidePromotedPosts: fields.hidePromotedPosts === '1' } } },
      }),
    );
    render(<ProSettingsPanel user={user} saved={SAVED} />);
    const hideAds = screen.getByRole('checkbox', { name: 'Hide ads' });
    const hidePromoted = screen.getByRole('checkbox', { name: 'Hide promoted posts' });
    expect(hideAds).toBeChecked();
    expect(hidePromoted).not.toBeChecked();
    await userEvent.click(hideAds);
    await waitFor(() => expect(sent).toEqual([{ hideAds: '0' }]));
    await waitFor(() => expect((userStore.getState().info.user as ProUser).proSettings).toEqual({ hideAds: false, hidePromotedPosts: false }));
    expect(hideAds).not.toBeChecked();
    await waitFor(() => expect(hidePromoted).toBeEnabled());
    await userEvent.click(hidePromoted);
    await waitFor(() => expect(sent.at(-1)).toEqual({ hidePromotedPosts: '1' }));
    await waitFor(() => expect(hidePromoted).toBeChecked());
  });

  it("shows the server's refusal and puts the toggle back", async () => {
    const user = member({ isActivePro: true, proSettings: { hideAds: false, hidePromotedPosts: false } } as Partial<ProUser>);
    settingsEndpoint(() =>
      HttpResponse.json({ meta: { status: 'Failure', errorCode: 'PRO_REQUIRED', errorMessage: 'Only Pro members can change this setting.' }, data: {} }, { status: 403 }),
    );
    render(<ProSettingsPanel user={user} saved={SAVED} />);
    const hideAds = screen.getByRole('checkbox', { name: 'Hide ads' });
    expect(hideAds).not.toBeChecked();
    await userEvent.click(hideAds);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only Pro members can change this setting.');
    expect(hideAds).not.toBeChecked();
  });

  it('sits in the Account settings of a Pro member', async () => {
    server.use(http.get(`${base}/v1/auth-providers`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { providers: [] } })));
    const user = member({ isActivePro: true });
    render(<AccountSection user={user} />);
    expect(screen.getByRole('group', { name: 'Pro' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Hide ads' })).toBeChecked());
  });
});

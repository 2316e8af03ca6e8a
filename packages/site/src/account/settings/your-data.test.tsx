import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api';
import { makeMainUser } from '../../test/fixtures';
import { guestInfo, userStore } from '../../user';
import { DeleteAccountSection, PrivacySection } from './sections';
import { ACCOUNT_EXPORT_URL } from './your-data';

const base = 'http://api.test';
const server = setupServer();
const sent: Record<string, string>[] = [];
const assign = vi.fn();

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
  assign.mockReset();
  act(() => userStore.setState({ info: guestInfo() }));
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

function settingsEndpoint() {
  server.use(
    http.post(`${base}/v1/settings`, async ({ request }) => {
      sent.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return HttpResponse.json({ meta: { status: 'Success' }, data: { user: null, deleted: true } });
    }),
  );
}

describe('Settings › Privacy: Your data', () => {
  it('offers the export as a real download of /v1/account-export', () => {
    render(<PrivacySection />);
    const panel = screen.getByRole('region', { name: 'Your data' });
    const link = screen.getByRole('link', { name: 'Download your data' });
    expect(panel).toContainElement(link);
    expect(link).toHaveAttribute('href', ACCOUNT_EXPORT_URL);
    expect(ACCOUNT_EXPORT_URL).toBe('/v1/account-export');
    expect(link).toHaveAttribute('download');
  });
});

describe('Settings › Delete account: what happens to posts and comments', () => {
  const user = () => ({ ...makeMainUser(), hasPassword: true });
  const deleteWith = async (choose?: RegExp) => {
    settingsEndpoint();
    render(<DeleteAccountSection user={user()} />);
    if (choose) await userEvent.click(screen.getByRole('radio', { name: choose }));
    await userEvent.type(screen.getByLabelText('Password'), 'my password');
    await userEvent.click(screen.getByRole('checkbox', { name: /I understand/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  };

  it('keeps them anonymously unless the member chooses otherwise', async () => {
    render(<DeleteAccountSection user={user()} />);
    const group = screen.getByRole('group', { name: 'Your posts and comments' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Keep my posts and comments, anonymously/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Delete everything I posted/ })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Download your data' })).toHaveAttribute('download');
  });

  it('sends contentChoice=anonymise by default', async () => {
    await deleteWith();
    expect(sent).toEqual([{ deleteAccount: '1', contentChoice: 'anonymise', password: 'my password' }]);
  });

  it('sends contentChoice=remove when “Delete everything I posted” is chosen', async () => {
    await deleteWith(/^Delete everything I posted/);
    expect(sent).toEqual([{ deleteAccount: '1', contentChoice: 'remove', password: 'my password' }]);
  });
});

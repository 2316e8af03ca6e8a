import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userState, users } from '@guffaw/test-utils/widget';
import { axeViolations, renderComments } from '../../test/render.js';
import { loadParts } from '../lazy-parts.js';
import { EMAIL_SAVED, NO_EMAIL } from './email-settings.js';

/**
 * Issue #25: another app's signed-in reader chooses how replies are mailed (Immediately, Daily digest, Never) from
 * the Notifications button beside the section's title; the main app's members choose on the site's Settings › Email.
 */
const third = (email?: { mode?: 'immediately' | 'digest' | 'never'; email?: string | null }, user: ReturnType<typeof userState> | null = userState(users.ada)) =>
  renderComments({ user, app: { appId: 'third' }, ...(email ? { email } : {}) }, { appId: 'third', followApi: undefined, blockApi: undefined });

const open = async (session: ReturnType<typeof third>['user']) => {
  await loadParts();
  await session.click(await screen.findByRole('button', { name: 'Notifications' }));
  return screen.findByRole('dialog', { name: 'Email notifications' });
};

describe('Email notifications of another app', () => {
  it('opens on a click, loads the current mode and the address, and saves a choice with a toast', async () => {
    const { ready, user, client, container } = third({ mode: 'digest', email: 'ada@host.test' });
    await ready();
    const button = await screen.findByRole('button', { name: 'Notifications' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(client.callsOf('emailNotifications')).toHaveLength(0);
    const dialog = await open(user);
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /^Daily digest/ })).toBeChecked());
    expect(client.callsOf('emailNotifications')).toHaveLength(1);
    expect(dialog).toHaveTextContent('mailed to ada@host.test');
    expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      expect.stringMatching(/^Immediately/), expect.stringMatching(/^Daily digest/), expect.stringMatching(/^Never/),
    ]);
    expect(await axeViolations(container.ownerDocument.body)).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: /^Never/ }));
    expect(await screen.findByText(EMAIL_SAVED)).toBeInTheDocument();
    expect(client.callsOf('setEmailNotifications')).toEqual([['never']]);
    expect(within(dialog).getByRole('radio', { name: /^Never/ })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
    // Opened again, it reads the saved mode anew.
    const again = await open(user);
    await waitFor(() => expect(within(again).getByRole('radio', { name: /^Never/ })).toBeChecked());
    expect(client.callsOf('emailNotifications')).toHaveLength(2);
  });

  it('puts the old choice back with the error when saving fails', async () => {
    const { ready, user, client } = third({ mode: 'immediately' });
    await ready();
    const dialog = await open(user);
    const immediately = within(dialog).getByRole('radio', { name: /^Immediately/ });
    await waitFor(() => expect(immediately).toBeChecked());
    client.failNext('setEmailNotifications', 'SERVER_ERROR', 'The comment service is down.');
    await user.click(within(dialog).getByRole('radio', { name: /^Daily digest/ }));
    await waitFor(() => expect(immediately).toBeChecked());
    const toast = screen.getByRole('status');
    await waitFor(() => expect(toast).toHaveTextContent(/\S/));
    expect(toast).not.toHaveTextContent(EMAIL_SAVED);
    expect(client.callsOf('setEmailNotifications')).toEqual([['digest']]);
    expect(within(dialog).getByRole('radio', { name: /^Daily digest/ })).not.toBeChecked();
    expect(screen.queryByText(EMAIL_SAVED)).toBeNull();
  });

  it('tells why when the setting cannot be read, with nothing to choose', async () => {
    const { ready, user, client } = third();
    await ready();
    client.failNext('emailNotifications', 'USER_NOT_FOUND', 'Sign in to the comments first.');
    const dialog = await open(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/\S/);
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).toBeDisabled();
  });

  it("says no mail is sent and disables the choice when the site doesn't share an address", async () => {
    const { ready, user } = third({ mode: 'immediately', email: null });
    await ready();
    const dialog = await open(user);
    expect(await within(dialog).findByText(NO_EMAIL)).toBeInTheDocument();
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).toBeDisabled();
  });

  it('is not offered to visitors, nor to the main app, whose members choose on the site', async () => {
    const visitor = third(undefined, null);
    await visitor.ready();
    expect(screen.queryByRole('button', { name: 'Notifications' })).toBeNull();
    visitor.unmount();

    const main = renderComments({ user: userState(users.ada) });
    await main.ready();
    expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notifications' })).toBeNull();
  });
});

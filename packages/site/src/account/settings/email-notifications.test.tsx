import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEST_API, accountModalServer } from '../../test/account-modals';
import { EmailNotificationsPanel } from './email-notifications';

const server = accountModalServer();
const ok = (data: unknown) => HttpResponse.json({ meta: { status: 'Success' }, data });

describe('Settings › Email: email notifications', () => {
  it('shows the saved choice and saves another one', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(`${ACCOUNT_TEST_API}/v1/email-notifications`, () => ok({ mode: 'immediately', email: 'a@b.test', emailVerified: true })),
      http.post(`${ACCOUNT_TEST_API}/v1/email-notifications`, async ({ request }) => {
        const body = (await request.json()) as { mode: string };
        sent.push(body);
        return ok({ mode: body.mode, email: 'a@b.test', emailVerified: true });
      }),
    );
    render(<EmailNotificationsPanel />);
    const group = screen.getByRole('radiogroup', { name: 'Email notifications' });
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Immediately/ })).toBeChecked());
    expect(group).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /^Daily digest/ }));
    await waitFor(() => expect(sent).toEqual([{ mode: 'digest' }]));
    expect(screen.getByRole('radio', { name: /^Daily digest/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Never/ })).not.toBeChecked();
  });

  it('says an unverified address gets nothing, and puts the choice back when saving fails', async () => {
    server.use(
      http.get(`${ACCOUNT_TEST_API}/v1/email-notifications`, () => ok({ mode: 'digest', email: 'a@b.test', emailVerified: false })),
      http.post(`${ACCOUNT_TEST_API}/v1/email-notifications`, () =>
        HttpResponse.json({ meta: { status: 'Failure', errorCode: 'SERVER_ERROR', errorMessage: 'An error occurred. Please try again later.' }, data: {} }, { status: 500 }),
      ),
    );
    render(<EmailNotificationsPanel />);
    await screen.findByText(/Verify your email to get them\./);
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Daily digest/ })).toBeChecked());
    await userEvent.click(screen.getByRole('radio', { name: /^Never/ }));
    await screen.findByRole('alert');
    expect(screen.getByRole('radio', { name: /^Daily digest/ })).toBeChecked();
  });
});

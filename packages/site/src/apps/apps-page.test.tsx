import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from '../lib/api';
import { memberInfo } from '../test/fixtures';
import { guestInfo, userStore } from '../user';
import AppsPage, { GUEST_APPS_TEXT } from './apps-page';

const base = 'http://api.test';
const server = setupServer();
const sent: unknown[] = [];

const app = (appId: string, name: string) => ({
  appId,
  name,
  allowedOrigins: ['https://gazette.example'],
  settings: { premoderation: 'off', reportThreshold: 3, defaultSectionStatus: 'open', allowedMedia: ['static', 'animated', 'video'], linkAttachments: true },
  createdAt: '2026-11-29T08:00:00.000Z',
  owner: { accountId: 'u1', username: 'olga' },
});

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
  act(() => userStore.setState({ info: guestInfo(), initialised: false }));
});
afterAll(() => server.close());

describe('/apps', () => {
  it('asks a guest to log in', () => {
    act(() => userStore.setState({ info: guestInfo(), initialised: true }));
    render(<AppsPage />);
    expect(screen.getByText(GUEST_APPS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('lists the member’s apps, registers one and shows its secret once with a copy button', async () => {
    server.use(
      http.get(`${base}/v1/apps`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { apps: [app('app_111111111111', 'Old blog')] } })),
      http.post(`${base}/v1/apps`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ meta: { status: 'Success' }, data: { app: app('app_222222222222', 'Example Gazette'), secret: 'the-secret-value' } });
      }),
    );
    act(() => userStore.setState({ info: memberInfo(), initialised: true }));
    render(<AppsPage />);
    expect(await screen.findByRole('link', { name: /Old blog/ })).toHaveAttribute('href', '/apps/app_111111111111');
    await userEvent.type(screen.getByLabelText('Name'), 'Example Gazette');
    await userEvent.type(screen.getByLabelText('Allowed origins'), 'https://gazette.example{Enter}http://localhost:4000');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Example Gazette is registered')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Example Gazette', allowedOrigins: ['https://gazette.example', 'http://localhost:4000'] }]);
    expect(screen.getByLabelText('App secret')).toHaveTextContent('the-secret-value');
    expect(screen.getByText(/it is not shown again/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Go to the app’s settings/ })).toHaveAttribute('href', '/apps/app_222222222222');
    expect(screen.getByRole('link', { name: /Example Gazette/ })).toHaveAttribute('href', '/apps/app_222222222222');
  });

  it('says what is wrong with a refused registration', async () => {
    server.use(
      http.get(`${base}/v1/apps`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { apps: [] } })),
      http.post(`${base}/v1/apps`, () =>
        HttpResponse.json(
          { meta: { status: 'Failure', errorCode: 'INVALID_ORIGINS', errorMessage: '"https://a.example/blog" has more than an origin' }, data: {} },
          { status: 400 },
        ),
      ),
    );
    act(() => userStore.setState({ info: memberInfo(), initialised: true }));
    render(<AppsPage />);
    await userEvent.type(screen.getByLabelText('Name'), 'A');
    await userEvent.type(screen.getByLabelText('Allowed origins'), 'https://a.example/blog');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('has more than an origin');
    expect(screen.getByLabelText('Allowed origins')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByLabelText('App secret')).toBeNull();
  });
});

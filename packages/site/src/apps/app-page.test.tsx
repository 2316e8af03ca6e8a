import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../lib/api';
import { memberInfo } from '../test/fixtures';
import { guestInfo, userStore } from '../user';

// The queue is the widget's own view (tested there); here it only has to be on the page.
vi.mock('./app-queue', () => ({ AppQueue: ({ appId }: { appId: string }) => <p>queue of {appId}</p> }));
const { default: AppPage } = await import('./app-page');

const base = 'http://api.test';
const patches: unknown[] = [];
let rotations = 0;

const settings = {
  premoderation: 'off',
  reportThreshold: 3,
  defaultSectionStatus: 'open',
  allowedMedia: ['static', 'animated', 'video'],
  linkAttachments: true,
};
const app = {
  appId: 'app_abc',
  name: 'Gazette',
  allowedOrigins: ['https://gazette.example'],
  settings,
  createdAt: '2026-11-29T08:00:00.000Z',
  owner: { accountId: 'u1', username: 'olga' },
};
const ok = (data: unknown) => HttpResponse.json({ meta: { status: 'Success' }, data });

/** The console's answers for app_abc (initial handlers: they outlive resetHandlers, as late log reads may). */
const server = setupServer(
  http.get(`${base}/v1/apps/app_abc`, () =>
    ok({ app, moderators: [{ accountId: 'm1', name: 'Mod One' }], snippet: '<div data-app-id="app_abc"></div>', ssoExample: ".setAudience('app_abc')" })
  ),
  http.patch(`${base}/v1/apps/app_abc`, async ({ request }) => {
    const body = (await request.json()) as { settings?: object };
    patches.push(body);
    return ok({ app: { ...app, settings: { ...settings, ...body.settings } } });
  }),
  http.post(`${base}/v1/apps/app_abc/rotate-secret`, () => {
    rotations += 1;
    return ok({ secret: 'fresh-secret' });
  }),
  http.get(`${base}/v1/apps/app_abc/log`, () =>
    ok({
      entries: [
        {
          id: '1',
          at: '2026-11-29T08:01:00.000Z',
          actor: { kind: 'owner', id: 'u1', name: 'olga' },
          action: 'app.create',
          commentId: null,
          target: null,
          url: null,
          detail: {},
        },
      ],
      next: null,
    })
  )
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
afterEach(() => {
  server.resetHandlers();
  patches.length = 0;
  rotations = 0;
  act(() => userStore.setState({ info: guestInfo(), initialised: false }));
});
afterAll(() => server.close());

describe('/apps/:appId', () => {
  it('shows the snippet, the SSO example, moderators, the queue and the log', async () => {
    act(() => userStore.setState({ info: memberInfo(), initialised: true }));
    render(<AppPage params={{ appId: 'app_abc' }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Gazette' })).toBeInTheDocument();
    expect(screen.getByLabelText('Embed snippet')).toHaveTextContent('data-app-id="app_abc"');
    expect(screen.getByLabelText('Single sign-on example')).toHaveTextContent(".setAudience('app_abc')");
    expect(screen.getByRole('button', { name: 'Copy snippet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Mod One' })).toBeInTheDocument();
    expect(screen.getByText('queue of app_abc')).toBeInTheDocument();
    expect(await screen.findByText('registered the app')).toBeInTheDocument();
  }, 30_000);

  it('saves the settings form as a settings change', async () => {
    act(() => userStore.setState({ info: memberInfo(), initialised: true }));
    render(<AppPage params={{ appId: 'app_abc' }} />);
    await userEvent.selectOptions(await screen.findByLabelText('Pre-moderation'), 'first');
    const threshold = screen.getByLabelText('Report threshold');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '5');
    await userEvent.click(screen.getByLabelText('Videos with sound'));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ settings: { ...settings, premoderation: 'first', reportThreshold: 5, allowedMedia: ['static', 'animated'] } });
  }, 30_000);

  it('rotates the secret only after the confirm dialog, then shows the new one once', async () => {
    act(() => userStore.setState({ info: memberInfo(), initialised: true }));
    render(<AppPage params={{ appId: 'app_abc' }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const dialog = screen.getByRole('dialog', { name: 'Rotate the secret?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(rotations).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByLabelText('App secret')).toHaveTextContent('fresh-secret');
    expect(rotations).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 30_000);

  it('tells a member who does not own the app that they cannot manage it', async () => {
    server.use(
      http.get(`${base}/v1/apps/app_abc`, () =>
        HttpResponse.json(
          { meta: { status: 'Failure', errorCode: 'NOT_APP_OWNER', errorMessage: 'Only the owner of this app can manage it.' }, data: {} },
          { status: 403 }
        )
      )
    );
    act(() => userStore.setState({ info: memberInfo(), initialised: true }));
    render(<AppPage params={{ appId: 'app_abc' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the owner of this app and Guffaw’s admins can manage it.');
  });
});

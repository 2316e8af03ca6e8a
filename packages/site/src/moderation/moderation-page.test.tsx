import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memberInfo } from '../test/fixtures';
import { success } from '../test/handlers';
import { userStore } from '../user/user-store';
import { guestInfo } from '../user/user-types';
import ModerationSitePage, { GUEST_MODERATION_TEXT, NOT_MODERATOR_TEXT } from './moderation-page';

const envelope = <T,>(payload: T) => HttpResponse.json({ status: 'OK', payload });
let moderate = false;
let admin = false;
const server = setupServer(
  http.post('*/comments/v2/user.json', () => envelope({
    info: { userId: 'u1', accountId: 'a1', displayName: 'mia', moderate, banned: false }, commentedPostUrls: [], reportedPostUrls: [], likeMapping: {},
    quota: { count: 5, wait: 0, expiry: 0 },
  })),
  http.get('*/comments/v2/app.json', () => envelope({ appId: 'guffaw', name: 'Guffaw', auth: true, cdnHost: '', host: '', maxMessageLength: 1000, anonymousAvatarUrl: '' })),
  http.post('*/comments/v2/admin/queue.json', () => envelope({ items: [], next: null, counts: { reported: 0, held: 0 } })),
  http.get('*/v1/apps/guffaw', () => (admin ? success({ app: { appId: 'guffaw' } }) : HttpResponse.json({ meta: { status: 'Failure', errorCode: 'NOT_APP_OWNER', errorMessage: 'No.' }, data: null }, { status: 403 }))),
  http.get('*/v1/apps/guffaw/queue', () => success({ items: [], next: null, counts: { reported: 4, held: 2 } })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  moderate = false;
  admin = false;
});
afterAll(() => server.close());

const signIn = (token: string) => userStore.setState({ info: memberInfo({ commentAuth: token }) });

describe('/moderation', () => {
  it('asks a guest to log in', () => {
    userStore.setState({ info: guestInfo() });
    render(<ModerationSitePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
    expect(screen.getByText(GUEST_MODERATION_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('tells a member who moderates nothing so', async () => {
    signIn('token-member');
    render(<ModerationSitePage />);
    expect(await screen.findByRole('note')).toHaveTextContent(NOT_MODERATOR_TEXT);
  });

  it('shows a moderator the queue of the main app', async () => {
    moderate = true;
    signIn('token-moderator');
    render(<ModerationSitePage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Moderation queue' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reported (0)' })).toBeInTheDocument();
  });

  it('shows an admin the queue through the console', async () => {
    admin = true;
    signIn('token-admin');
    render(<ModerationSitePage />);
    expect(await screen.findByRole('button', { name: 'Reported (4)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Held (2)' })).toBeInTheDocument();
  });
});

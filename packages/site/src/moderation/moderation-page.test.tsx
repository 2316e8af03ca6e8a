import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCommentServiceHandlers, makeComment, makeUserInfo, users } from '@guffaw/test-utils/comments';
import { memberInfo } from '../test/fixtures';
import { success } from '../test/handlers';
import { userStore } from '../user/user-store';
import { guestInfo } from '../user/user-types';
import ModerationSitePage, { GUEST_MODERATION_TEXT, NOT_MODERATOR_TEXT } from './moderation-page';

const POST = 'https://guffaw.test/gag/p1';
let admin = false;
// The console's calls (main API) are the site's own; the comment service is the shared fake.
const server = setupServer(
  http.get('*/v1/apps/guffaw', () => (admin ? success({ app: { appId: 'guffaw' } }) : HttpResponse.json({ meta: { status: 'Failure', errorCode: 'NOT_APP_OWNER', errorMessage: 'No.' }, data: null }, { status: 403 }))),
  http.get('*/v1/apps/guffaw/queue', () => success({ items: [], next: null, counts: { reported: 4, held: 2 } })),
);

/** The main app's comment service: who each token is, and one comment of bob's reported once. */
function installCommentService() {
  const fake = createCommentServiceHandlers({
    users: {
      'token-member': makeUserInfo({ userId: 'u1', accountId: 'a1', displayName: 'mia' }),
      'token-moderator': makeUserInfo({ userId: 'u2', accountId: 'a2', displayName: 'mo', moderate: true }),
      'token-admin': makeUserInfo({ userId: 'u3', accountId: 'a3', displayName: 'ad' }),
    },
    pages: [{ url: POST, comments: [makeComment({ commentId: 'r1', text: 'a reported comment', user: users.bob })] }],
  });
  fake.state.reports.push({ userId: 'u1', commentId: 'r1', url: POST, data: { reason: 1, text: '' } });
  server.use(...fake.handlers);
}

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
beforeEach(installCommentService);
afterEach(() => {
  server.resetHandlers();
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
    signIn('token-moderator');
    render(<ModerationSitePage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Moderation queue' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reported (1)' })).toBeInTheDocument();
    expect(await screen.findByText('a reported comment')).toBeInTheDocument();
    expect(screen.getByText('1 report: Spam 1')).toBeInTheDocument();
  });

  it('shows an admin the queue through the console', async () => {
    admin = true;
    signIn('token-admin');
    render(<ModerationSitePage />);
    expect(await screen.findByRole('button', { name: 'Reported (4)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Held (2)' })).toBeInTheDocument();
  });
});

import { createHash } from 'node:crypto';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from '../lib/api';
import { LoginForm, SignupForm } from './auth-forms';

const base = 'http://api.test';
const server = setupServer(http.get(`${base}/v1/auth-providers`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { providers: [] } })));

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('LoginForm', () => {
  it('needs both fields, then shows the spec message for LOGIN_FAILED', async () => {
    let calls = 0;
    server.use(
      http.post(`${base}/login`, () => {
        calls++;
        return HttpResponse.json({ meta: { status: 'Failure', errorCode: 'LOGIN_FAILED', errorMessage: 'x' }, data: {} }, { status: 401 });
      }),
    );
    const user = userEvent.setup();
    render(<LoginForm next="/" />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your username and password.');
    expect(calls).toBe(0);
    await user.type(screen.getByLabelText('Email or username'), 'bob');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(await screen.findByText('Your email or password were incorrect.')).toBeInTheDocument();
    expect(calls).toBe(1);
  });
});

describe('SignupForm', () => {
  it('solves the CAPTCHA before "Verify your age", and comes back to step 1 with the server error and fields', async () => {
    const salt = 'c2FsdA?expires=9999999999&';
    const challenge = { algorithm: 'SHA-256', salt, challenge: createHash('sha256').update(salt + '37').digest('hex'), signature: 'sig', maxnumber: 100 };
    let captcha = '';
    server.use(
      http.post(`${base}/v1/wp`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { challenge } })),
      http.post(`${base}/member/email-signup`, async ({ request }) => {
        captcha = new URLSearchParams(await request.text()).get('captcha') ?? '';
        return HttpResponse.json(
          { meta: { status: 'Failure', errorCode: 'PASSWORD_TOO_SHORT', errorMessage: 'Your password must be at least 8 characters.' }, data: { fullname: 'Ann', email: 'ann@example.com' } },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    render(<SignupForm next="/" src="" refParam="" />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in your full name, email and password.');
    await user.type(screen.getByLabelText('Full name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Verify your age' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "I'm 13 or older" }));
    expect(await screen.findByText('Your password must be at least 8 characters.')).toBeInTheDocument();
    expect(JSON.parse(atob(captcha))).toMatchObject({ number: 37, salt, signature: 'sig' });
    expect(screen.getByLabelText('Full name')).toHaveValue('Ann');
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
  });

  it('after a signup says "Check your email", the same whatever the server found, and stays on the page', async () => {
    const salt = 'c2FsdA?expires=9999999999&';
    const challenge = { algorithm: 'SHA-256', salt, challenge: createHash('sha256').update(salt + '5').digest('hex'), signature: 'sig', maxnumber: 100 };
    server.use(
      http.post(`${base}/v1/wp`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { challenge } })),
      http.post(`${base}/member/email-signup`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { next: '/', checkEmail: true } })),
    );
    const before = window.location.href;
    const user = userEvent.setup();
    render(<SignupForm next="/" src="" refParam="" />);
    await user.type(screen.getByLabelText('Full name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: "I'm 13 or older" }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We sent a mail to ann@example.com. Open the link in it to finish signing up.');
    expect(window.location.href).toBe(before);
  });
});

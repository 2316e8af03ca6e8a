// Accounts in the browser: email signup with the in-page CAPTCHA and its confirmation mail, logout, login, password
// reset through the mailed link, settings kept after reload, blocked users, blocked words and tags, social sign-in
// through a mock OpenID provider. This file starts its own server (it reads that server's DATA_DIR/outbox and gives
// it the provider's settings).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { createHash } from 'node:crypto';
import { launchBrowser, screenshot, startServer } from './harness.mjs';

let server;
let provider;
let browser;
let context;
let page;
const url = (path) => server.url + path;
const EMAIL = 'e2e.tester@example.com';
let password = 'first-pass-123';
const errors = [];

before(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { sub: 'mock-google-42', email: 'social.e2e@gmail.com', email_verified: true, name: 'Social Tester' });
  });
  server = await startServer({
    seedDemo: false,
    env: { OIDC_GOOGLE_ISSUER: provider.issuer.url, OIDC_GOOGLE_CLIENT_ID: 'guffaw-e2e', OIDC_GOOGLE_CLIENT_SECRET: 'e2e-secret' },
  });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(String(error)));
}, { timeout: 240_000 });

after(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.stop();
});

const userInfo = async (ctx = context) => (await (await ctx.request.post(url('/v1/user-info'), { data: {} })).json()).data;

function mailsTo(address) {
  const dir = join(server.dataDir, 'outbox');
  let files = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8'))).filter((m) => m.to === address);
}

async function waitForMail(address, count) {
  for (let i = 0; i < 50; i++) {
    const mails = mailsTo(address);
    if (mails.length >= count) return mails[count - 1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail #${count} to ${address}`);
}

async function step(name, fn) {
  try {
    await fn();
  } catch (error) {
    await screenshot(page, `accounts-${name}`).catch(() => null);
    if (errors.length) error.message += `\npage errors:\n  ${errors.join('\n  ')}`;
    throw error;
  }
}

test('sign up by email: details, CAPTCHA solved in the page, "Verify your age", "Check your email", the mailed link logs in with the welcome toast', () =>
  step('signup', async () => {
    await page.goto(url('/signup?next=%2Fsettings%2Fprofile'));
    await page.getByLabel('Full name').fill('E2E Tester');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(password);
    const started = Date.now();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Verify your age' }).waitFor({ timeout: 60_000 });
    console.log(`# CAPTCHA solved in the page in ${Date.now() - started} ms`);
    await page.getByRole('button', { name: "I'm 13 or older" }).click();
    // No account and no session until the mailbox's owner opens the link (the answer is the same for a taken email).
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText(`We sent a mail to ${EMAIL}.`).waitFor();
    assert.equal((await userInfo()).user, null);
    const mail = await waitForMail(EMAIL, 1);
    assert.match(mail.subject, /Confirm your email/);
    await page.goto(mail.links[0]);
    await page.waitForURL(url('/settings/profile'));
    await page.getByText('Me Gusta! Welcome to Guffaw, go have fun now!').waitFor();
    // A new member is asked to follow interests first (signup mode); Skip closes it and saves the step as done.
    const follow = page.getByRole('dialog', { name: 'Follow interests' });
    await follow.waitFor();
    assert.equal((await userInfo()).user.initialFollowFinished, false);
    await follow.getByRole('button', { name: 'Skip' }).click();
    await follow.waitFor({ state: 'detached' });
    let info = await userInfo();
    for (let i = 0; i < 50 && !info.user.initialFollowFinished; i++) {
      await new Promise((r) => setTimeout(r, 100));
      info = await userInfo();
    }
    assert.equal(info.user.initialFollowFinished, true);
    assert.equal(info.user.email, EMAIL);
    assert.equal(info.user.fullName, 'E2E Tester');
    // Opening the link proved the mailbox: the email is verified already.
    assert.equal(info.user.isVerified.email, true);
    assert.equal(info.user.isVerified.age, true);
  }));

test('signing up again with a taken email answers as any signup; the owner is mailed, nobody is logged in', () =>
  step('signup-taken', async () => {
    const ctx = await browser.newContext();
    const res = await ctx.request.post(url('/member/email-signup'), {
      form: { fullname: 'Someone Else', email: EMAIL, password: 'their-pass-123', app: 'web', captcha: await solveCaptcha(ctx) },
      headers: { accept: 'application/json' },
    });
    assert.equal(res.status(), 200);
    assert.deepEqual(await res.json(), { meta: { status: 'Success' }, data: { next: '/', checkEmail: true } });
    assert.equal((await userInfo(ctx)).user, null);
    const notice = await waitForMail(EMAIL, 2);
    assert.equal(notice.subject, 'Someone tried to sign up on Guffaw with your email');
    await ctx.close();
  }));

test('log out from the account menu', () =>
  step('logout', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(url('/'));
    await page.getByRole('link', { name: /Sign Up\/Log In/ }).waitFor();
    assert.equal((await userInfo()).user, null);
  }));

test('log in: a wrong password is refused with the spec message, the right one logs in', () =>
  step('login', async () => {
    await page.goto(url('/login?next=%2Fsettings%2Faccount'));
    await page.getByLabel('Email or username').fill(EMAIL);
    await page.getByLabel('Password').fill('not-my-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Your email or password were incorrect.').waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL(url('/settings/account'));
    await page.getByText('Awww Yeah! Welcome back.').waitFor();
    assert.equal((await userInfo()).user.email, EMAIL);
  }));

test('reset the password through the mailed link', () =>
  step('reset', async () => {
    await context.clearCookies();
    await page.goto(url('/forgot-password'));
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('The instruction to reset password has been sent to your email.').waitFor();
    const mail = await waitForMail(EMAIL, 3);
    assert.match(mail.subject, /Reset your Guffaw password/);
    await page.goto(mail.links[0]);
    await page.waitForURL(/\/reset-password\?token=/);
    password = 'second-pass-456';
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(url('/'));
    assert.equal((await userInfo()).user.email, EMAIL);
    await page.goto(mail.links[0]);
    await page.getByText('This reset link has expired or was already used. Please ask for a new one.').waitFor();
    const again = await browser.newContext();
    const old = await again.request.post(url('/login'), { form: { username: EMAIL, password: 'first-pass-123' }, headers: { accept: 'application/json' } });
    assert.equal(old.status(), 401);
    const fresh = await again.request.post(url('/login'), { form: { username: EMAIL, password }, headers: { accept: 'application/json' } });
    assert.equal(fresh.status(), 200);
    await again.close();
  }));

test('settings are kept after a reload', () =>
  step('settings', async () => {
    await page.goto(url('/settings/profile'));
    await page.getByLabel('Full name').fill('Renamed Tester');
    await page.getByLabel('About').fill('I collect memes.');
    await page.getByLabel('Gender').selectOption('other');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your settings have been saved.').waitFor();
    await page.reload();
    assert.equal(await page.getByLabel('Full name').inputValue(), 'Renamed Tester');
    assert.equal(await page.getByLabel('About').inputValue(), 'I collect memes.');
    assert.equal(await page.getByLabel('Gender').inputValue(), 'other');

    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByLabel('Show sensitive content (18+)').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your settings have been saved.').waitFor();
    await page.reload();
    assert.equal(await page.getByLabel('Show sensitive content (18+)').isChecked(), true);
    assert.equal((await userInfo()).user.nsfwMode, true);
  }));

/** The signup CAPTCHA (a proof of work) solved as the page does. */
async function solveCaptcha(ctx) {
  const { data } = await (await ctx.request.post(url('/v1/wp'))).json();
  const c = data.challenge;
  let number = 0;
  while (createHash('sha256').update(c.salt + number).digest('hex') !== c.challenge) number++;
  return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature })).toString('base64');
}

async function signUpByApi(fullname, email) {
  const ctx = await browser.newContext();
  const res = await ctx.request.post(url('/member/email-signup'), {
    form: { fullname, email, password: 'other-pass-789', app: 'web', captcha: await solveCaptcha(ctx) },
    headers: { accept: 'application/json' },
  });
  assert.equal(res.status(), 200, await res.text());
  // The account is made, and the session opened, by the mailed link.
  const confirmed = await ctx.request.get((await waitForMail(email, 1)).links[0]);
  assert.equal(confirmed.status(), 200);
  const info = await userInfo(ctx);
  await ctx.close();
  return info.user;
}

test('block a user, then unblock them from the Blocked users settings', () =>
  step('block', async () => {
    const other = await signUpByApi('Blocked Person', 'blocked.person@example.com');
    const block = await context.request.post(url('/v1/user-block'), { form: { accountId: other.accountId, _method: 'post' }, headers: { accept: 'application/json' } });
    assert.equal(block.status(), 200);
    await page.goto(url('/settings/blocked'));
    const row = page.getByRole('list', { name: 'Blocked users' }).getByRole('listitem').filter({ hasText: `@${other.username}` });
    await row.waitFor();
    await row.getByRole('button', { name: 'Unblock' }).click();
    await page.getByText(`You’ve unblocked @${other.username}`).waitFor();
    await page.getByText('No blocked users').waitFor();
    await page.reload();
    await page.getByText('No blocked users').waitFor();
    assert.deepEqual((await userInfo()).blocklistIds, []);
  }));

async function wordListFlow(path, input, expected, remove, left) {
  await page.goto(url(path));
  await page.getByText('No blocked', { exact: true }).waitFor();
  const box = page.getByPlaceholder('You can add multiple words or phrases, separate by commas.');
  assert.equal(await page.getByRole('button', { name: 'Add' }).isDisabled(), true);
  await box.fill(input);
  await box.press('Enter');
  const list = page.getByRole('list', { name: /entries$/ });
  await list.getByText(expected.at(-1), { exact: true }).waitFor();
  assert.deepEqual(await list.locator('li > span').allTextContents(), expected);
  await page.reload();
  await list.getByText(expected.at(-1), { exact: true }).waitFor();
  assert.deepEqual(await list.locator('li > span').allTextContents(), expected);
  await list.getByRole('button', { name: `Remove ${remove}` }).click();
  await list.getByRole('button', { name: `Remove ${remove}` }).waitFor({ state: 'detached' });
  assert.deepEqual(await list.locator('li > span').allTextContents(), left);
}

test('add and remove muted words', () =>
  step('mute', async () => {
    await wordListFlow('/settings/mute-list', ' cats, dogs,, cats , ', ['cats', 'dogs'], 'cats', ['dogs']);
    assert.deepEqual((await userInfo()).muteList, ['dogs']);
  }));

test('add and remove blocked tags', () =>
  step('tags', async () => {
    await wordListFlow('/settings/block-tag', 'Politics, anime', ['politics', 'anime'], 'anime', ['politics']);
    assert.deepEqual((await userInfo()).blockTags, ['politics']);
  }));

test('social sign-in through the mock provider creates and logs in an account', () =>
  step('social', async () => {
    await context.clearCookies();
    await page.goto(url('/login?next=%2Fsettings%2Femail'));
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL(url('/settings/email'));
    const info = await userInfo();
    assert.equal(info.user.email, 'social.e2e@gmail.com');
    assert.equal(info.user.fullName, 'Social Tester');
    await page.getByText('Current email: social.e2e@gmail.com (verified)').waitFor();
    assert.deepEqual(errors, []);
  }));

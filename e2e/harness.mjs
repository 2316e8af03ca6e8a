// Browser-test harness: the built server on a free port with a temporary DATA_DIR, and Debian's Chromium driven by
// playwright-core. Test files import what they need:
//
//   import { test } from 'node:test';
//   import { useBrowser, baseUrl } from './harness.mjs';
//   const browser = useBrowser();
//   test('home page', async (t) => { await browser.withPage(t, async (page) => { await page.goto(baseUrl() + '/'); }); });
//
// `node e2e/run.mjs` starts one server for all files and passes its URL in E2E_BASE_URL; a file run on its own
// (`node --test e2e/home.test.mjs`) starts its own server.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const artifactsDir = join(root, 'e2e', 'artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const DESKTOP = { width: 1440, height: 900 };
/**
 * Endpoints the site calls that the server does not serve yet: their 404 is not counted as a console error. Remove an
 * entry as soon as its endpoint exists.
 */
export const PENDING_ENDPOINTS = [];
export const MOBILE = { width: 390, height: 844 };
/** The two widths the shell is checked at, as [label, viewport]. */
export const WIDTHS = [['1440', DESKTOP], ['390', MOBILE]];

/** A free TCP port on localhost (asked of the OS, then released for the server to take). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts packages/server/dist/server.js with a fresh DATA_DIR (demo content seeded) and waits for /healthz.
 * Returns { url, dataDir, stop, output } ; stop() sends SIGTERM, waits for the exit and removes the directory.
 */
export async function startServer({ env = {}, timeoutMs = Number(process.env.E2E_START_TIMEOUT_MS) || 300_000, seedDemo = true } = {}) {
  const entry = join(root, 'packages/server/dist/server.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'guffaw-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const output = [];
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      SEED_DEMO: seedDemo ? '1' : '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The proof of work stays on (the widget solves it in the browser; tests' own calls use proofHeaders), at a tenth
      // of its default work so that pages on a slowed CPU still comment within the tests' waits. One server serves the
      // whole run from one address, its demo members posting the same texts at each width: the spam rules and the
      // fresh-identity throttle are not what these tests are about (server tests cover them: comments/spam.test.ts).
      PROOF_MAX_NUMBER: '5000',
      COMMENT_SPAM_RULES: '0',
      COMMENT_NEW_USERS_PER_ADDRESS: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 400) output.splice(0, output.length - 400);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const started = Date.now();
  let exit = null;
  exited.then((result) => (exit = result));
  while (Date.now() - started < timeoutMs) {
    if (exit) {
      await stop();
      throw new Error(`the server exited (${exit.code ?? exit.signal}) before it was ready:\n${output.join('').slice(-4000)}`);
    }
    try {
      const res = await fetch(url + '/healthz');
      if (res.ok) return { url, dataDir, stop, output, readyInMs: Date.now() - started };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`the server was not ready within ${timeoutMs / 1000} s:\n${output.join('').slice(-4000)}`);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let ownServer = null;

/**
 * Headers with a solved proof of work for the next comment-service write of `auth` (POST wp.json, then SHA-256 of salt +
 * number as the widget finds it): x-wp and x-wpb. Empty when the server asks none.
 */
export async function proofHeaders(auth, { appId = 'guffaw', base = baseUrl() } = {}) {
  const res = await fetch(`${base}/comments/v2/wp.json`, { method: 'POST', body: new URLSearchParams({ appId, auth }) });
  const wp = (await res.json()).payload?.wp;
  if (!wp) return {};
  for (let number = 0; number <= wp.maxnumber; number++) {
    if (createHash('sha256').update(wp.salt + number).digest('hex') === wp.challenge) {
      return { 'x-wp': Buffer.from(JSON.stringify({ ...wp, number })).toString('base64'), 'x-wpb': '1' };
    }
  }
  throw new Error('the proof-of-work challenge has no solution');
}

/** The server under test: E2E_BASE_URL from run.mjs, or one this file started in before(). */
export function baseUrl() {
  const url = process.env.E2E_BASE_URL || ownServer?.url;
  if (!url) throw new Error('no server: call useServer() at the top of the test file, or run through e2e/run.mjs');
  return url;
}

/** Registers before/after hooks that start a server for this file unless run.mjs already provides one. */
export function useServer(options) {
  before(async () => {
    if (!process.env.E2E_BASE_URL) ownServer = await startServer(options);
  }, { timeout: 360_000 });
  after(async () => {
    await ownServer?.stop();
    ownServer = null;
  });
}

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/**
 * A new page in its own context (own cookies and storage), recording console errors and page errors in
 * `page.consoleErrors`. Options: viewport ({width,height}), colorScheme ('light'|'dark'), storage (localStorage
 * entries set before any script runs).
 */
export async function newPage(browser, { viewport = DESKTOP, colorScheme = 'light', storage = null, ...contextOptions } = {}) {
  const context = await browser.newContext({ viewport, colorScheme, baseURL: baseUrl(), ...contextOptions });
  if (storage) {
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, storage);
  }
  const page = await context.newPage();
  page.consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location()?.url ?? '';
    if (/status of 404/.test(message.text()) && PENDING_ENDPOINTS.some((p) => url.includes(p))) return;
    page.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => page.consoleErrors.push(String(error)));
  return page;
}

/** Runs axe-core on the page; returns the violations (id, impact, help, nodes' targets). */
export async function axeViolations(page, options = {}) {
  // Evaluated through the browser's debugging protocol, which the site's CSP rightly does not let a <script> tag do.
  await page.evaluate(readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async (opts) => (await window.axe.run(document, opts)).violations, options);
  return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Saves a screenshot under e2e/artifacts/ and returns its path. */
export async function screenshot(page, name, { fullPage = false } = {}) {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

/**
 * Signs a page's context in through the login form endpoint (POST /login) and checks /v1/user-info knows the user.
 * The session cookie lands in the context, so every page of it is logged in.
 */
export async function login(page, username, password) {
  const response = await page.context().request.post(baseUrl() + '/login', {
    form: { username, password, next: '/' },
    headers: { accept: 'application/json' },
    maxRedirects: 0,
  });
  if (response.status() >= 400) throw new Error(`login as ${username} failed: HTTP ${response.status()} ${await response.text()}`);
  const info = await page.context().request.post(baseUrl() + '/v1/user-info', { headers: { 'x-api-version': '2' }, data: {} });
  const body = await info.json().catch(() => null);
  if (body?.data?.user?.username?.toLowerCase() !== username.toLowerCase()) {
    throw new Error(`login as ${username} did not stick: /v1/user-info answered ${JSON.stringify(body)?.slice(0, 300)}`);
  }
}

/**
 * One browser for the test file (launched in before(), closed in after()), with withPage(t, fn, options): a fresh page
 * for one test, a screenshot in e2e/artifacts/ when it fails, console errors attached to the failure.
 */
export function useBrowser() {
  let browser = null;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      return browser;
    },
    async withPage(t, fn, options) {
      const page = await newPage(browser, options);
      try {
        return await fn(page);
      } catch (error) {
        const shot = await screenshot(page, `failed-${t.fullName ?? t.name}`).catch(() => null);
        const details = [shot && `screenshot: ${shot}`, page.consoleErrors.length && `console errors:\n  ${page.consoleErrors.join('\n  ')}`].filter(Boolean);
        if (details.length) error.message += `\n${details.join('\n')}`;
        throw error;
      } finally {
        await page.context().close();
      }
    },
  };
}

/** Opens a site page and waits for the shell (network idle, then the top bar). */
export async function openSite(page, path = '/') {
  await page.goto(baseUrl() + path, { waitUntil: 'networkidle' });
  await page.getByTestId('top-bar').waitFor();
}

/** The signup overlay a guest gets: its Sign Up link carries the next URL and the action name; closed with Escape. */
export async function expectSignupGate(page, { next, action }) {
  const dialog = page.getByRole('dialog', { name: 'Join Guffaw' });
  await dialog.waitFor();
  const href = new URL(await dialog.getByRole('link', { name: 'Sign Up' }).getAttribute('href'), baseUrl());
  assert.equal(href.pathname, '/signup');
  assert.equal(href.searchParams.get('next'), next);
  assert.equal(href.searchParams.get('src'), action);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/**
 * How long a placement check waits for the page to come to rest: what a person sees once the frames after a change
 * are painted (a toast measuring the part of the frame the host shows, a row's `content-visibility` content drawn
 * after it was scrolled to), not a state the next frame replaces. A loaded machine paints late; a real defect stays.
 */
const SETTLE_MS = 2_000;

/** Asserts `locator`'s box (in the top page's viewport coordinates, frames included) is inside the viewport. */
export async function assertInViewport(page, locator, what) {
  const { width, height } = page.viewportSize();
  const inside = (box) => box && box.x >= -0.5 && box.y >= -0.5 && box.x + box.width <= width + 0.5 && box.y + box.height <= height + 0.5;
  const until = Date.now() + SETTLE_MS;
  let box = await locator.boundingBox();
  while (!inside(box) && Date.now() < until) {
    await sleep(100);
    box = await locator.boundingBox();
  }
  assert.ok(box, `${what} has a box`);
  assert.ok(inside(box), `${what} is inside the ${width}×${height} viewport: ${JSON.stringify(box)}`);
}

/** Asserts that `document.elementFromPoint` at the centre of `locator` (within its own document) hits it. */
export async function assertHittable(locator, what) {
  const probe = () => locator.evaluate(async (el) => {
    // After the next frame is painted: what is hit is what is drawn.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const rect = el.getBoundingClientRect();
    const at = el.ownerDocument.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return { ok: Boolean(at && (at === el || el.contains(at))), at: at ? at.outerHTML.slice(0, 160) : null };
  });
  const until = Date.now() + SETTLE_MS;
  let hit = await probe();
  while (!hit.ok && Date.now() < until) {
    await sleep(100);
    hit = await probe();
  }
  assert.ok(hit.ok, `${what}: elementFromPoint at its centre hits ${hit.at}`);
}

/**
 * Clicks `locator` with Playwright's click (actionability checks, nothing forced). In a frame of another site (an
 * out-of-process frame), Chromium routes the mouse by its compositor's hit-test data, which can lag a scroll or a
 * resize of the frame by a frame or two: under load, a scripted click right after Playwright's scroll into view can
 * reach the host page instead, and the frame gets no event at all (no person clicks within milliseconds of a scroll).
 * When the frame saw no pointerdown, the click is made once more and the miss is logged; a click the frame received
 * and ignored still fails the test that waits for its effect.
 */
export async function frameClick(locator) {
  const handle = await locator.elementHandle();
  const inFrame = await handle.evaluate((el) => {
    const view = el.ownerDocument.defaultView;
    if (view === view.top) return false;
    if (view.gfwPointerDowns === undefined) view.addEventListener('pointerdown', () => { view.gfwPointerDowns += 1; }, { capture: true });
    view.gfwPointerDowns = 0;
    return true;
  });
  await locator.click();
  if (!inFrame) return;
  await sleep(50);
  const received = await handle.evaluate((el) => el.ownerDocument.defaultView.gfwPointerDowns).catch(() => 1);
  if (received > 0) return;
  console.warn(`frameClick: the frame received no pointerdown for ${locator}; clicking again`);
  await locator.click();
}

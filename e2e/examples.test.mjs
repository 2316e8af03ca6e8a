// The examples run as their READMEs say. examples/react-app: `npm install` in the example (only when its
// node_modules is missing: the widget and client come from the repository by `file:` links, so they must be built,
// which `npm run build` does before the e2e run), `vite build`, then `vite preview`, which proxies /comments and /media
// to GUFFAW_URL like the dev server does; the page, opened with a demo post's url, must show that post's comments.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseUrl, freePort, root, sleep, startServer, useBrowser, useServer } from './harness.mjs';

useServer();
const browser = useBrowser();
const example = join(root, 'examples/react-app');
let preview = null;
let previewUrl = null;
const previewOutput = [];

/** Runs a command in the example folder; fails with its output when it exits non-zero. Returns the time it took. */
function run(command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: example, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 300_000 });
  assert.equal(result.status, 0, `${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return Date.now() - started;
}

before(async () => {
  for (const pkg of ['comments-widget', 'comments-client']) {
    assert.ok(existsSync(join(root, `packages/${pkg}/dist/index.js`)), `packages/${pkg}/dist is missing: run \`npm run build:packages\``);
  }
  // About 2 s with npm's cache warm (21 packages: react, react-dom, vite and its plugin).
  if (!existsSync(join(example, 'node_modules/.bin/vite'))) {
    const ms = run('npm', ['install', '--no-audit', '--no-fund']);
    console.log(`examples/react-app: npm install took ${(ms / 1000).toFixed(1)} s`);
  }
  const ms = run('npx', ['vite', 'build', '--logLevel', 'warn']);
  console.log(`examples/react-app: vite build took ${(ms / 1000).toFixed(1)} s`);
}, { timeout: 360_000 });

/** `vite preview` of the built example, proxying to the server under test (known once the hooks have run). */
async function startPreview() {
  if (preview) return;
  const port = await freePort();
  previewUrl = `http://127.0.0.1:${port}`;
  preview = spawn(join(example, 'node_modules/.bin/vite'), ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: example,
    env: { ...process.env, GUFFAW_URL: baseUrl() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [preview.stdout, preview.stderr]) stream.on('data', (chunk) => previewOutput.push(chunk.toString()));
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(previewUrl)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 30_000 || preview.exitCode !== null) throw new Error(`vite preview did not start:\n${previewOutput.join('')}`);
    await sleep(100);
  }
}

after(async () => {
  if (preview && preview.exitCode === null) {
    const exited = new Promise((resolve) => preview.once('exit', resolve));
    preview.kill('SIGTERM');
    await exited;
  }
});

/** A demo post with comments, and the text of its first top comment as the hot list shows it. */
async function postWithComments() {
  const response = await fetch(`${baseUrl()}/v1/feed-posts/type/fresh`, {
    method: 'POST', headers: { 'x-api-version': '2', accept: 'application/json', 'content-type': 'application/json' }, body: '{}',
  });
  for (const post of (await response.json()).data.posts) {
    const query = new URLSearchParams({ appId: 'guffaw', url: post.postUrl, type: 'hot', count: '10' });
    const page = (await (await fetch(`${baseUrl()}/comments/v2/comment-list.json?${query}`)).json()).payload;
    const first = page.comments.find((c) => !c.isDeleted && /^[\w ,.!?']{8,}/.test(c.text));
    if (first) return { post, words: first.text.match(/^[\w ,.!?']{8,}/)[0].trim() };
  }
  throw new Error('no demo post with comments in the fresh list');
}

test('examples/react-app renders the comments of a post from the running server', async (t) => {
  const { post, words } = await postWithComments();
  await startPreview();
  await browser.withPage(t, async (page) => {
    await page.goto(`${previewUrl}/?url=${encodeURIComponent(post.postUrl)}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Comments from Guffaw' }).waitFor();
    const section = page.getByRole('region', { name: 'Comments' });
    await section.getByText(words, { exact: false }).first().waitFor({ timeout: 15_000 });
    assert.match(await section.getByRole('heading', { level: 2 }).innerText(), /^\d[\d.,KM]* comments?$/);
    assert.ok(await section.getByRole('button', { name: 'Log in to comment' }).isVisible(), 'a visitor is asked to log in');
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('examples/react-app with a refused token warns with the code and still shows the thread', async (t) => {
  const { post, words } = await postWithComments();
  await startPreview();
  await browser.withPage(t, async (page) => {
    const warnings = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${previewUrl}/?url=${encodeURIComponent(post.postUrl)}&auth=not-a-token`, { waitUntil: 'networkidle' });
    const section = page.getByRole('region', { name: 'Comments' });
    await section.getByText(words, { exact: false }).first().waitFor({ timeout: 15_000 });
    await section.getByRole('button', { name: 'Log in to comment' }).waitFor();
    assert.equal(await section.getByText(/Couldn.t load comments/).count(), 0);
    assert.ok(warnings.some((w) => w.includes('AUTH_INVALID')), `a console warning with the code: ${JSON.stringify(warnings)}`);
    // The browser reports the refused calls themselves (401) as console errors; nothing else may fail.
    assert.deepEqual(page.consoleErrors.filter((e) => !/status of 401/.test(e)), []);
  });
});

test("the widget's published entry is client code for React Server Components ('use client' first)", () => {
  // Next.js App Router fails with 'createContext is not a function' when a server component imports it without this.
  const entry = readFileSync(join(root, 'packages/comments-widget/dist/index.js'), 'utf8');
  assert.match(entry, /^'use client';\n/);
});

test('examples/plain-html shows the thread of its own page for an app made with app:create', async (t) => {
  // A static server for the folder, on an origin of its own, as `npx serve examples/plain-html` would be.
  const page = readFileSync(join(root, 'examples/plain-html/index.html'));
  const site = createServer((req, res) => {
    if (new URL(req.url, 'http://x').pathname !== '/') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  const sitePort = await freePort();
  await new Promise((resolve) => site.listen(sitePort, '127.0.0.1', resolve));
  const siteOrigin = `http://127.0.0.1:${sitePort}`;
  // The embedded database takes one process at a time: the app is made before this server starts.
  const dataDir = mkdtempSync(join(tmpdir(), 'guffaw-e2e-plain-'));
  let guffaw = null;
  try {
    const created = spawnSync('npm', ['run', '--silent', 'comments', '--', 'app:create', '--name', 'Blog', '--origin', siteOrigin], {
      cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8',
    });
    assert.equal(created.status, 0, created.stderr);
    const appId = /appId:\s*(\S+)/.exec(created.stdout)?.[1];
    assert.ok(appId, created.stdout);
    guffaw = await startServer({ seedDemo: false, env: { DATA_DIR: dataDir } });
    await browser.withPage(t, async (tab) => {
      await tab.goto(`${siteOrigin}/?app=${appId}&guffaw=${encodeURIComponent(guffaw.url)}`, { waitUntil: 'networkidle' });
      const frame = tab.frameLocator('iframe[title="Comments"]');
      await frame.getByRole('heading', { name: '0 comments' }).waitFor({ timeout: 15_000 });
      assert.ok(await frame.getByRole('button', { name: 'Log in to comment' }).isVisible(), 'a visitor is asked to log in');
      const src = new URL(await tab.locator('iframe[title="Comments"]').getAttribute('src'));
      assert.equal(src.searchParams.get('url'), `${siteOrigin}/`, 'the thread is the page itself, without the query');
      assert.deepEqual(tab.consoleErrors, []);
    });
  } finally {
    await guffaw?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await new Promise((resolve) => site.close(resolve));
  }
});

#!/usr/bin/env node
// `npm run check:fresh-apps`: the two packages as a team adopts them. Packs @guffaw/comments-client and
// @guffaw/comments-widget (npm pack, as `npm publish` would ship them), installs the tarballs into a fresh Vite +
// React app and a fresh Next.js App Router app (examples/next-app) in a temporary directory outside the workspace,
// type-checks an import of both packages with `bundler` and with `node16` resolution, builds both apps, starts a
// Guffaw server with demo content and both apps' production servers, and checks in Chromium that each shows a
// post's comments; the Next app's HTML must already hold the first comments (server-rendered) and hydrate without
// an error; both show the thread in Arabic, right to left, with ?lang=ar. Needs the packages built
// (`npm run build:packages` or `npm run build`) and the npm registry for the apps' own dependencies (vite, next,
// react). Prints each step's time.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, launchBrowser, newPage, root, sleep, startServer } from '../e2e/harness.mjs';

const keep = process.argv.includes('--keep');
const work = mkdtempSync(join(tmpdir(), 'guffaw-fresh-apps-'));
const children = [];
let guffaw = null;
let browser = null;

const step = async (name, fn) => {
  const started = Date.now();
  process.stdout.write(`fresh-apps: ${name} ...`);
  const result = await fn();
  process.stdout.write(` ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return result;
};

const run = (command, args, cwd, env = {}) => {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 600_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
};

/** Starts a long-running server and waits until `url` answers. */
async function serve(command, args, cwd, url, env) {
  const output = [];
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk.toString()));
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(url)).status < 500) return output;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000 || child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} did not start:\n${output.join('')}`);
    await sleep(200);
  }
}

/** The tarballs' `file:` specs, for an app's package.json. */
function packPackages() {
  const dir = join(work, 'tarballs');
  mkdirSync(dir);
  for (const pkg of ['comments-client', 'comments-widget']) run('npm', ['pack', '--silent', '--pack-destination', dir], join(root, 'packages', pkg));
  const files = readdirSync(dir);
  const find = (name) => join(dir, files.find((f) => f.startsWith(`guffaw-${name}-`)));
  return { '@guffaw/comments-client': `file:${find('comments-client')}`, '@guffaw/comments-widget': `file:${find('comments-widget')}` };
}

/** A fresh Vite + React app: examples/react-app's page, none of its workspace links or dedupe. */
function writeViteApp(dir, tarballs) {
  mkdirSync(join(dir, 'src'), { recursive: true });
  cpSync(join(root, 'examples/react-app/src/main.tsx'), join(dir, 'src/main.tsx'));
  cpSync(join(root, 'examples/react-app/index.html'), join(dir, 'index.html'));
  writeFileSync(join(dir, 'vite.config.ts'), `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.GUFFAW_URL ?? 'http://localhost:3000';
export default defineConfig({ plugins: [react()], preview: { proxy: { '/comments': server, '/media': server } } });
`);
  const example = JSON.parse(readFileSync(join(root, 'examples/react-app/package.json'), 'utf8'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({
    name: 'fresh-vite-app', private: true, type: 'module',
    dependencies: { ...example.dependencies, ...tarballs },
    devDependencies: { ...example.devDependencies, typescript: '^5.6.0', '@types/react': '^19.0.0', '@types/react-dom': '^19.0.0' },
  }, null, 2));
}

/** examples/next-app with the tarballs. */
function writeNextApp(dir, tarballs) {
  cpSync(join(root, 'examples/next-app'), dir, { recursive: true, filter: (src) => !/node_modules|\.next/.test(src) });
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  Object.assign(pkg.dependencies, tarballs);
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
}

/** What a team's TypeScript sees: both entry points, with `bundler` and with `node16` resolution. */
function typeCheck(dir) {
  const source = `import { createCommentsClient, type CommentPage } from '@guffaw/comments-client';
import { Comments, type InitialPage } from '@guffaw/comments-widget';
const client = createCommentsClient({ appId: 'demo', host: 'https://comments.example' });
export const first: Promise<CommentPage> = client.listComments({ url: 'https://example.com/page', type: 'hot' });
export const props: Parameters<typeof Comments>[0] = { appId: 'demo', url: 'https://example.com/page' };
export type Seed = InitialPage;
`;
  writeFileSync(join(dir, 'adopt.mts'), source);
  const base = { strict: true, noEmit: true, skipLibCheck: false, jsx: 'react-jsx', target: 'ES2022', lib: ['ES2022', 'DOM'], types: [] };
  const configs = {
    'tsconfig.bundler.json': { compilerOptions: { ...base, module: 'ESNext', moduleResolution: 'bundler' }, files: ['adopt.mts'] },
    'tsconfig.node16.json': { compilerOptions: { ...base, module: 'node16', moduleResolution: 'node16' }, files: ['adopt.mts'] },
  };
  for (const [name, config] of Object.entries(configs)) {
    writeFileSync(join(dir, name), JSON.stringify(config, null, 2));
    run(join(dir, 'node_modules/.bin/tsc'), ['-p', name], dir);
  }
}

/** A demo post with comments, and words of its first top comment as the hot list shows it. */
async function postWithComments(base) {
  const response = await fetch(`${base}/v1/feed-posts/type/fresh`, {
    method: 'POST', headers: { 'x-api-version': '2', accept: 'application/json', 'content-type': 'application/json' }, body: '{}',
  });
  for (const post of (await response.json()).data.posts) {
    const query = new URLSearchParams({ appId: 'guffaw', url: post.postUrl, type: 'hot', count: '10' });
    const page = (await (await fetch(`${base}/comments/v2/comment-list.json?${query}`)).json()).payload;
    const first = page.comments.find((c) => !c.isDeleted && /^[\w ,.!?']{8,}/.test(c.text));
    if (first) return { post, words: first.text.match(/^[\w ,.!?']{8,}/)[0].trim() };
  }
  throw new Error('no demo post with comments in the fresh list');
}

/** The thread in Arabic: right to left, the widget's own words in Arabic, the comments as written. */
async function showsArabic(url, words) {
  const page = await newPage(browser);
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    const section = page.getByRole('region', { name: 'التعليقات' });
    await section.getByRole('button', { name: 'سجّل الدخول للتعليق' }).waitFor({ timeout: 20_000 });
    assert.equal(await section.getAttribute('dir'), 'rtl');
    assert.equal(await section.getAttribute('lang'), 'ar');
    await section.getByText(words, { exact: false }).first().waitFor();
    assert.deepEqual(page.consoleErrors, [], `console errors on ${url}`);
  } finally {
    await page.context().close();
  }
}

async function showsComments(url, words) {
  const page = await newPage(browser);
  const failures = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    const section = page.getByRole('region', { name: 'Comments' });
    await section.getByText(words, { exact: false }).first().waitFor({ timeout: 20_000 });
    assert.ok(await section.getByRole('button', { name: 'Log in to comment' }).isVisible(), 'a visitor is asked to log in');
    assert.deepEqual(failures, [], `failed requests on ${url}`);
    assert.deepEqual(page.consoleErrors, [], `console errors on ${url}`);
  } finally {
    await page.context().close();
  }
}

let failed = false;
try {
  const tarballs = await step('npm pack of both packages', () => packPackages());
  const vite = join(work, 'vite-app');
  const next = join(work, 'next-app');
  writeViteApp(vite, tarballs);
  writeNextApp(next, tarballs);
  await step('npm install (Vite app)', () => run('npm', ['install', '--no-audit', '--no-fund', '--loglevel', 'error'], vite));
  await step('npm install (Next.js app)', () => run('npm', ['install', '--no-audit', '--no-fund', '--loglevel', 'error'], next));
  for (const dir of [vite, next]) {
    const installed = readdirSync(join(dir, 'node_modules/@guffaw'));
    assert.deepEqual(installed.sort(), ['comments-client', 'comments-widget'], 'both packages installed from their tarballs');
  }
  await step('type-check, bundler and node16 resolution (Vite app)', () => typeCheck(vite));
  await step('type-check, bundler and node16 resolution (Next.js app)', () => typeCheck(next));
  await step('vite build', () => run(join(vite, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], vite));

  guffaw = await step('Guffaw server with demo content', () => startServer());
  process.env.E2E_BASE_URL = guffaw.url;
  const { post, words } = await postWithComments(guffaw.url);
  const env = { GUFFAW_URL: guffaw.url, NEXT_TELEMETRY_DISABLED: '1' };
  // Next.js fixes its rewrites (the /comments proxy) when it builds: GUFFAW_URL is read then.
  await step('next build', () => run(join(next, 'node_modules/.bin/next'), ['build'], next, env));
  const vitePort = await freePort();
  const nextPort = await freePort();
  const viteUrl = `http://127.0.0.1:${vitePort}`;
  const nextUrl = `http://127.0.0.1:${nextPort}`;
  await step('vite preview', () => serve(join(vite, 'node_modules/.bin/vite'), ['preview', '--host', '127.0.0.1', '--port', String(vitePort), '--strictPort'], vite, viteUrl, env));
  await step('next start', () => serve(join(next, 'node_modules/.bin/next'), ['start', '-H', '127.0.0.1', '-p', String(nextPort)], next, nextUrl, env));

  const query = `?url=${encodeURIComponent(post.postUrl)}`;
  const html = await (await fetch(`${nextUrl}/${query}`)).text();
  assert.ok(html.includes(words.replace(/'/g, '&#x27;')) || html.includes(words), 'the Next app\'s HTML holds the first comments');
  assert.ok(!html.includes('Loading comments'), 'no loading state in the server HTML');
  console.log('fresh-apps: the Next.js app\'s HTML holds the first comments');
  browser = await launchBrowser();
  await step('Chromium: the Vite app shows the comments', () => showsComments(`${viteUrl}/${query}`, words));
  await step('Chromium: the Next.js app shows and hydrates the comments', () => showsComments(`${nextUrl}/${query}`, words));
  await step('Chromium: the Vite app in Arabic, right to left', () => showsArabic(`${viteUrl}/${query}&lang=ar`, words));
  await step('Chromium: the Next.js app in Arabic, right to left', () => showsArabic(`${nextUrl}/${query}&lang=ar`, words));
  console.log('fresh-apps: PASS');
} catch (error) {
  failed = true;
  console.error(`\nfresh-apps: FAIL: ${error.stack ?? error}`);
} finally {
  await browser?.close();
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await guffaw?.stop();
  if (keep) console.log(`fresh-apps: kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

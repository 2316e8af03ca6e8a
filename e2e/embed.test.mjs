// The embed on a third-party page: examples/embed-html (its own origin, its own users) loads /embed.js from a Guffaw
// server on another origin. This file starts its own Guffaw server (no demo content) on a DATA_DIR where the
// comment app "Example" was made with `npm run comments -- app:create`, then the example host on a free port.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { frameClick, freePort, proofHeaders, root, screenshot, sleep, startServer, useBrowser } from './harness.mjs';

const PASSWORD = 'guffaw-demo';

const browser = useBrowser();
const SEEDED = 12;
/** The demo server of e2e/run.mjs (its members and posts), when this file runs under it. */
const demoServerUrl = process.env.E2E_BASE_URL;
let guffaw;
let host;
let hostUrl;
let app;
let dataDir;
let foreign;
let foreignUrl;

async function waitFor(url, ms = 20_000) {
  const started = Date.now();
  while (Date.now() - started < ms) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

const sign = (sub, name) =>
  new SignJWT({ name }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setAudience(app.appId).setIssuedAt().setExpirationTime('1h')
    .sign(new TextEncoder().encode(app.secret));

before(async () => {
  const hostPort = await freePort();
  hostUrl = `http://localhost:${hostPort}`;
  dataDir = mkdtempSync(join(tmpdir(), 'guffaw-e2e-embed-'));
  const created = spawnSync('npm', ['run', '--silent', 'comments', '--', 'app:create', '--name', 'Example', '--origin', hostUrl], {
    cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8',
  });
  assert.equal(created.status, 0, created.stderr);
  app = { appId: /appId:\s*(\S+)/.exec(created.stdout)?.[1], secret: /secret:\s*(\S+)/.exec(created.stdout)?.[1] };
  assert.ok(app.appId && app.secret, created.stdout);
  const appFile = join(dataDir, 'example-app.txt');
  writeFileSync(appFile, created.stdout);

  guffaw = await startServer({ seedDemo: false, env: { DATA_DIR: dataDir } });
  // Pages get a base URL from the harness; run on its own, this file's server is the one.
  process.env.E2E_BASE_URL ||= guffaw.url;
  // The thread of the host page: more comments than one page, from two of the host's users.
  const ann = await sign('example-ann', 'Ann');
  for (let i = 1; i <= SEEDED; i++) {
    const res = await fetch(`${guffaw.url}/comments/v2/add-comment.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(await proofHeaders(ann, { appId: app.appId, base: guffaw.url })) },
      body: new URLSearchParams({ appId: app.appId, auth: ann, url: `${hostUrl}/`, text: `Seeded comment number ${i}` }),
    });
    assert.equal(res.status, 200, await res.text());
  }

  host = spawn(process.execPath, [join(root, 'examples/embed-html/server.mjs')], {
    env: { ...process.env, PORT: String(hostPort), GUFFAW_URL: guffaw.url, APP_FILE: appFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  host.stderr.on('data', (chunk) => process.stderr.write(chunk));
  await waitFor(hostUrl);

  // A site of a third origin, for messages from a window that is neither the host's nor the comment service's.
  foreign = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><head><title>Another site</title></head><body><p>Another site</p></body></html>');
  });
  await new Promise((resolve) => foreign.listen(0, '127.0.0.2', resolve));
  foreignUrl = `http://127.0.0.2:${foreign.address().port}`;
}, { timeout: 240_000 });

after(async () => {
  if (foreign) await new Promise((resolve) => foreign.close(resolve));
  host?.kill('SIGTERM');
  await guffaw?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const frameOf = (page) => page.frameLocator('iframe[title="Comments"]');

/** The frame element's height and its document's content height, read from both sides. */
async function sizes(page) {
  const frame = page.frames().find((f) => f.url().startsWith(`${guffaw.url}/embed/comments`));
  assert.ok(frame, 'the comment frame is on the page');
  const inner = await frame.evaluate(() => ({
    content: Math.ceil(document.getElementById('gfw-app').getBoundingClientRect().height),
    scrollHeight: document.documentElement.scrollHeight,
    clientHeight: document.documentElement.clientHeight,
  }));
  const outer = await page.evaluate(() => document.querySelector('iframe[title="Comments"]').getBoundingClientRect().height);
  return { ...inner, outer, frame };
}

/** Waits until the frame fits its content and stays so (a list still rendering is not its final height). */
async function waitForFit(page) {
  let last;
  let fits = 0;
  for (let i = 0; i < 80; i++) {
    const now = await sizes(page);
    fits = Math.abs(now.outer - now.content) <= 1 && last && now.outer === last.outer ? fits + 1 : 0;
    last = now;
    if (fits >= 2) return last;
    await sleep(100);
  }
  assert.fail(`the frame (${last.outer} px) does not fit its content (${last.content} px)`);
}

/**
 * Records, in the host page only (not in frames), every layout shift and each move of the footer below the thread (in
 * document coordinates, sampled every animation frame, with whether the reader could see it), from before the loader runs.
 */
function recordHostLayout() {
  if (window.top !== window) return;
  window.gfwShifts = [];
  window.gfwFooter = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.gfwShifts.push({
        value: entry.value,
        hadRecentInput: entry.hadRecentInput,
        at: Math.round(entry.startTime),
        sources: entry.sources.map((source) => `${source.node?.nodeName ?? '?'}#${source.node?.id ?? ''} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  let last = null;
  const sample = () => {
    const footer = document.getElementById('page-footer');
    if (footer) {
      const rect = footer.getBoundingClientRect();
      const now = { top: Math.round(rect.top + scrollY), visible: rect.top < innerHeight && rect.bottom > 0 };
      if (last && last.top !== now.top) window.gfwFooter.push({ from: last, to: now });
      last = now;
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}

/** The footer's and the frame's boxes on the host page, in document coordinates. */
const hostBoxes = (page) => page.evaluate(() => {
  const box = (el) => {
    const rect = el.getBoundingClientRect();
    return { top: rect.top + scrollY, bottom: rect.bottom + scrollY, height: rect.height };
  };
  return { footer: box(document.getElementById('page-footer')), iframe: box(document.querySelector('iframe[title="Comments"]')) };
});

test('the host page shows the thread in a frame sized to its content, with no scrollbar and no layout shift, as it loads, grows and shrinks', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.addInitScript(recordHostLayout);
    await page.goto(hostUrl + '/');
    const frame = frameOf(page);
    await frame.getByText('Seeded comment number 12').waitFor();
    await frame.getByRole('heading', { name: `${SEEDED} comments` }).waitFor();
    await page.getByRole('link', { name: `${SEEDED} comments` }).waitFor();
    const first = await waitForFit(page);
    assert.ok(first.scrollHeight <= first.clientHeight, `the frame scrolls: ${first.scrollHeight} > ${first.clientHeight}`);
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('iframe[title="Comments"]')).backgroundColor), 'rgba(0, 0, 0, 0)');

    // Loading: the host's content below the thread stayed where it was first painted, and nothing on the host shifted.
    await sleep(300);
    const loaded = await page.evaluate(() => ({ shifts: window.gfwShifts, footer: window.gfwFooter }));
    // A footer moved from below the fold to further below does not jump for anyone; one the reader sees does.
    const jumps = loaded.footer.filter((move) => move.from.visible || move.to.visible);
    assert.deepEqual(jumps, [], 'the footer moved in view while the comments loaded');
    const shifted = loaded.shifts.filter((e) => !e.hadRecentInput);
    assert.deepEqual(shifted, [], 'layout shifts on the host while the comments loaded');

    // Expand: the next page of comments makes the frame taller; what sits below it moves by exactly as much.
    const before = await hostBoxes(page);
    assert.ok(before.footer.top >= before.iframe.bottom, 'the footer is below the thread');
    // What the next page's request did, to tell a lost click from a failed or slow read if page 2 does not show.
    const reads = [];
    page.on('request', (r) => { if (/comment-list\.json/.test(r.url())) reads.push(`sent ${r.method()} ${r.url().slice(-80)}`); });
    page.on('response', (r) => { if (/comment-list\.json/.test(r.url())) reads.push(`${r.status()} ${r.url().slice(-80)}`); });
    page.on('requestfailed', (r) => reads.push(`failed ${r.url().slice(-80)}: ${r.failure()?.errorText}`));
    await frameClick(frame.getByRole('button', { name: 'Load more comments' }));
    await frame.getByText('Seeded comment number 1', { exact: true }).waitFor().catch(async (error) => {
      const alerts = await frame.getByRole('alert').allTextContents().catch(() => []);
      throw new Error(`page 2 did not show: requests [${reads.join('; ')}], alerts [${alerts.join('; ')}]`, { cause: error });
    });
    for (let i = 0; i < 50 && (await frame.getByRole('article').count()) !== SEEDED; i++) await sleep(100);
    assert.equal(await frame.getByRole('article').count(), SEEDED, 'the Hot tab shows every comment');
    const grown = await waitForFit(page);
    assert.ok(grown.outer > first.outer, `the frame grew from ${first.outer} to ${grown.outer}`);
    assert.ok(grown.scrollHeight <= grown.clientHeight, `the grown frame scrolls: ${grown.scrollHeight} > ${grown.clientHeight}`);
    const expanded = await hostBoxes(page);
    assert.equal(expanded.footer.top - before.footer.top, expanded.iframe.height - before.iframe.height, 'the footer moved with the frame\'s growth only');

    // Collapse: the New tab shows one page again, shorter than the whole list.
    await frame.getByRole('tab', { name: 'New' }).click();
    await frame.getByRole('button', { name: 'Load more comments' }).waitFor();
    for (let i = 0; i < 50 && (await frame.getByRole('article').count()) !== 10; i++) await sleep(100);
    assert.equal(await frame.getByRole('article').count(), 10, 'the New tab shows one page');
    const shrunk = await waitForFit(page);
    const shown = async () => (await frame.getByRole('article').allTextContents()).map((text) => /Seeded comment number \d+/.exec(text)?.[0] ?? text).join(', ');
    assert.ok(shrunk.outer < grown.outer, `the frame shrank from ${grown.outer} to ${shrunk.outer} (showing ${await shown()})`);
    assert.ok(shrunk.scrollHeight <= shrunk.clientHeight, `the shrunk frame scrolls: ${shrunk.scrollHeight} > ${shrunk.clientHeight}`);
    const collapsed = await hostBoxes(page);
    assert.equal(collapsed.footer.top - expanded.footer.top, collapsed.iframe.height - expanded.iframe.height, 'the footer moved with the frame\'s shrinking only');
    assert.equal(collapsed.footer.top - collapsed.iframe.bottom, before.footer.top - before.iframe.bottom, 'the gap between thread and footer is the host\'s own');
    await screenshot(page, 'embed-host-light', { fullPage: true });
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('a thread far below the fold gets its frame only when it nears the viewport', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(hostUrl + '/');
    await frameOf(page).getByText('Seeded comment number 12').waitFor();
    await page.evaluate((appId) => {
      const spacer = document.createElement('div');
      spacer.style.height = '6000px';
      const thread = document.createElement('div');
      thread.id = 'late-thread';
      thread.dataset.guffawComments = '';
      thread.dataset.appId = appId;
      thread.dataset.url = `${location.origin}/`;
      document.body.append(spacer, thread);
      window.GuffawComments.scan();
    }, app.appId);
    await sleep(500);
    assert.equal(await page.locator('#late-thread iframe').count(), 0);
    assert.equal(await page.locator('#late-thread').evaluate((el) => el.style.minHeight), '320px');
    await page.locator('#late-thread').scrollIntoViewIfNeeded();
    await page.frameLocator('#late-thread iframe').getByText('Seeded comment number 12').waitFor();
  });
});

test('the comment count script fills the host link', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(hostUrl + '/');
    await page.getByRole('link', { name: /^\d+ comments$/ }).waitFor();
    assert.match(await page.locator('[data-guffaw-count]').textContent(), /^\d+ comments$/);
  });
});

test('comments are in the frame HTML before any script runs, and a dark host gets a dark frame with no white flash', async (t) => {
  await browser.withPage(t, async (page) => {
    // Hold the frame's script back: what shows now is the server's HTML alone.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route(/\/embed\/frame\.js/, async (route) => {
      await held;
      await route.continue();
    });
    // Not waiting for the load event: the held script keeps the frame, and so the page, loading.
    await page.goto(hostUrl + '/', { waitUntil: 'domcontentloaded' });
    const frame = frameOf(page);
    await frame.getByText('Seeded comment number 12').waitFor();
    const inner = page.frames().find((f) => f.url().startsWith(`${guffaw.url}/embed/comments`));
    const painted = await inner.evaluate(() => ({
      scheme: getComputedStyle(document.documentElement).colorScheme,
      theme: document.documentElement.dataset.theme,
      htmlBackground: getComputedStyle(document.documentElement).backgroundColor,
      bodyBackground: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.querySelector('.gfw-root')).color,
    }));
    assert.equal(painted.scheme, 'dark');
    assert.equal(painted.theme, 'dark');
    assert.equal(painted.htmlBackground, 'rgba(0, 0, 0, 0)');
    assert.equal(painted.bodyBackground, 'rgba(0, 0, 0, 0)');
    // Sample the pixels of the frame: dark like the host, never a white sheet.
    const box = await page.locator('iframe[title="Comments"]').boundingBox();
    const shot = await page.screenshot({ clip: { x: box.x, y: box.y, width: Math.min(box.width, 400), height: 200 } });
    const light = await page.evaluate(async (png) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      let bright = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] > 200 && data[i + 1] > 200 && data[i + 2] > 200) bright++;
      return bright / (data.length / 4);
    }, shot.toString('base64'));
    assert.ok(light < 0.05, `${(light * 100).toFixed(1)} % of the frame's pixels are near white before its script ran`);
    await screenshot(page, 'embed-dark-before-script');
    release();
    await page.waitForFunction(() => document.querySelector('iframe[title="Comments"]').style.minHeight === '' && document.querySelector('[data-guffaw-comments]').style.minHeight === '0px');
  }, { colorScheme: 'dark' });
});

test('a theme switch on the host reaches the frame', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(hostUrl + '/');
    await frameOf(page).getByText('Seeded comment number 12').waitFor();
    const { frame } = await waitForFit(page);
    assert.equal(await frame.evaluate(() => document.documentElement.dataset.theme), 'light');
    await page.getByRole('button', { name: 'Switch theme' }).click();
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'dark' && getComputedStyle(document.documentElement).colorScheme === 'dark');
    assert.equal(await frame.evaluate(() => document.querySelector('.gfw-root').dataset.theme), 'dark');
    await page.getByRole('button', { name: 'Switch theme' }).click();
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  });
});

test('links in the frame open in the top window', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(hostUrl + '/');
    await frameOf(page).getByText('Seeded comment number 12').waitFor();
    const { frame } = await waitForFit(page);
    assert.equal(await frame.evaluate(() => document.querySelector('base')?.target), '_top');
    // A plain link in the server's HTML, as a profile or post link is: the host page goes there, not the frame.
    await frame.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = 'A page of the host';
      document.getElementById('gfw-app').prepend(link);
    }, `${hostUrl}/elsewhere`);
    await Promise.all([page.waitForURL(`${hostUrl}/elsewhere`), frameOf(page).getByRole('link', { name: 'A page of the host' }).click()]);
  });
});

// Messages from windows that are not the other side of the protocol, sent for real by windows of three origins: the
// host's (http://localhost), the comment service's (http://127.0.0.1) and another site's (http://127.0.0.2).

/**
 * Runs in a frame: posts to its parent what looks like the protocol from a comment frame (a ready and a resize to odd
 * heights, a login request, a navigation); with `sibling`, posts to the parent's frame of that index what looks like
 * the protocol from its host (a theme, a forged auth token). Then tells the parent it is done: messages from one window
 * to another arrive in order.
 */
function forgeProtocol(sibling) {
  for (const message of [
    { gfw: 1, type: 'ready', height: 7 },
    { gfw: 1, type: 'resize', height: 99999 },
    { gfw: 1, type: 'login-request' },
    { gfw: 1, type: 'navigate', url: `${self.origin}/taken-over` },
  ]) parent.postMessage(message, '*');
  if (sibling !== null) {
    parent.frames[sibling].postMessage({ gfw: 1, type: 'theme', theme: 'dark' }, '*');
    parent.frames[sibling].postMessage({ gfw: 1, type: 'auth', token: 'forged-token' }, '*');
  }
  parent.postMessage({ foreign: 'done' }, '*');
}

/** The host page with its thread ready, login requests counted, and requests carrying the forged token recorded. */
async function openHostForAttack(page) {
  const forged = [];
  page.on('request', (request) => {
    if (`${request.url()} ${request.postData() ?? ''}`.includes('forged-token')) forged.push(request.url());
  });
  await page.goto(hostUrl + '/');
  await frameOf(page).getByText('Seeded comment number 12').waitFor();
  // The frame told the loader its height: both sides listen now.
  await page.waitForFunction(() => document.querySelector('[data-guffaw-comments]').style.minHeight === '0px');
  const { frame, outer } = await waitForFit(page);
  await page.evaluate(() => {
    window.loginRequests = 0;
    const own = window.GuffawComments.onLogin;
    window.GuffawComments.onLogin = (detail) => {
      window.loginRequests++;
      own(detail);
    };
  });
  return { frame, forged, untouched: { height: outer, loginRequests: 0, loginShown: false, href: `${hostUrl}/` } };
}

/** Adds a frame to the host page (src, or srcdoc for one of the host's own origin) and returns it once loaded. */
async function addHostFrame(page, name, { src, srcdoc }) {
  await page.evaluate(({ name, src, srcdoc }) => new Promise((resolve) => {
    const iframe = document.createElement('iframe');
    iframe.name = name;
    iframe.title = name;
    iframe.addEventListener('load', resolve, { once: true });
    if (srcdoc) iframe.srcdoc = srcdoc;
    else iframe.src = src;
    document.body.append(iframe);
  }), { name, src, srcdoc });
  const frame = page.frames().find((f) => f.name() === name);
  assert.ok(frame, `frame ${name} is on the page`);
  return frame;
}

/** Forges the protocol from `frame`, waits until the host got all of it, and reads what the host shows then. */
async function forgeOnHost(page, frame, sibling = null) {
  await page.evaluate(() => {
    window.foreignDone = new Promise((resolve) => addEventListener('message', (event) => event.data?.foreign === 'done' && resolve()));
  });
  await frame.evaluate(forgeProtocol, sibling);
  const read = page.evaluate(async () => {
    await window.foreignDone;
    // Whatever a message set off (a MutationObserver, a fetch) has had its turn.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return {
      height: document.querySelector('iframe[title="Comments"]').getBoundingClientRect().height,
      loginRequests: window.loginRequests,
      loginShown: document.getElementById('host-login').open,
      href: location.href,
    };
  });
  // A forged navigate that is obeyed takes the host page away mid-read.
  return read.catch((error) => assert.fail(`the host page is now ${page.url()}: ${error.message}`));
}

/** A page at the comment service's origin, with no headers of its own: what an attacker's page there would be. */
function servePageOfService(page, path) {
  return page.route(`${guffaw.url}${path}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>A page of the service</title>' }));
}

test('a frame of a third origin on the host page: the loader and the comment frame read nothing it sends', async (t) => {
  await browser.withPage(t, async (page) => {
    const { frame, forged, untouched } = await openHostForAttack(page);
    const foreign = await addHostFrame(page, 'another-site', { src: `${foreignUrl}/` });
    // The comment frame is frame 0 of the host page.
    assert.deepEqual(await forgeOnHost(page, foreign, 0), untouched);
    assert.equal(await frame.evaluate(() => document.documentElement.dataset.theme), 'light');
    assert.deepEqual(forged, [], 'the comment frame used a token sent by another window');
    // Both sides still listen to the right window: a theme switch on the host reaches the frame.
    await page.getByRole('button', { name: 'Switch theme' }).click();
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  });
});

test('the loader reads nothing from a window of the comment service\'s origin that is not its comment frame', async (t) => {
  await browser.withPage(t, async (page) => {
    const { untouched } = await openHostForAttack(page);
    // The service's own pages refuse to be framed (frame-ancestors 'none'), so the test stands in for one that would not.
    await servePageOfService(page, '/a-page-of-the-service');
    const service = await addHostFrame(page, 'service-page', { src: `${guffaw.url}/a-page-of-the-service` });
    assert.equal(await service.evaluate(() => location.origin), new URL(guffaw.url).origin);
    assert.deepEqual(await forgeOnHost(page, service), untouched);
  });
});

test('the loader reads nothing from its comment frame\'s window once that shows a page of another origin', async (t) => {
  await browser.withPage(t, async (page) => {
    const { untouched } = await openHostForAttack(page);
    // The same window (the loader knows it) at another origin: only the origin check stands in the way.
    await page.evaluate((src) => new Promise((resolve) => {
      const iframe = document.querySelector('iframe[title="Comments"]');
      iframe.addEventListener('load', resolve, { once: true });
      iframe.src = src;
    }), `${foreignUrl}/navigated`);
    const navigated = page.frames().find((f) => f.url() === `${foreignUrl}/navigated`);
    assert.ok(navigated, 'the comment frame shows the other origin\'s page');
    assert.deepEqual(await forgeOnHost(page, navigated), untouched);
  });
});

test('the comment frame reads nothing from a window of its host\'s origin that is not its parent', async (t) => {
  await browser.withPage(t, async (page) => {
    const { frame, forged, untouched } = await openHostForAttack(page);
    // A srcdoc frame has the host page's origin: only the source check stands in the way.
    const sibling = await addHostFrame(page, 'host-sibling', { srcdoc: '<!doctype html><title>A frame of the host</title>' });
    // (location.origin is about:srcdoc's, opaque; the document's own origin, the one its messages carry, is self.origin.)
    assert.equal(await sibling.evaluate(() => self.origin), new URL(hostUrl).origin);
    assert.deepEqual(await forgeOnHost(page, sibling, 0), untouched);
    assert.equal(await frame.evaluate(() => document.documentElement.dataset.theme), 'light');
    assert.deepEqual(forged, [], 'the comment frame used a token sent by another window');
  });
});

test('the comment frame reads nothing from a parent of another origin than its host\'s, and sends it nothing', async (t) => {
  await browser.withPage(t, async (page) => {
    // A parent page of the comment service's own origin (the thread's frame-ancestors allow it) frames the thread
    // as if for the host: the frame sends its messages to the host origin only, and reads none from this parent.
    // Any page of that origin would do; the service's own send a CSP that frames nothing, so the test serves one.
    await servePageOfService(page, '/a-parent-of-the-service');
    await page.goto(`${guffaw.url}/a-parent-of-the-service`);
    await page.evaluate(() => {
      window.gfwMessages = [];
      addEventListener('message', (event) => event.data?.gfw && window.gfwMessages.push(event.data.type));
    });
    const src = `${guffaw.url}/embed/comments?${new URLSearchParams({ theme: 'light', origin: new URL(hostUrl).origin, appId: app.appId, url: `${hostUrl}/` })}`;
    await addHostFrame(page, 'comments-elsewhere', { src });
    const frame = page.frameLocator('iframe[name="comments-elsewhere"]');
    await frame.getByText('Seeded comment number 12').waitFor();
    // Hydrated: the tabs answer clicks (the server's HTML alone does not).
    const newTab = frame.getByRole('tab', { name: 'New' });
    for (let i = 0; i < 50 && (await newTab.getAttribute('aria-selected')) !== 'true'; i++) {
      await newTab.click();
      await sleep(100);
    }
    assert.equal(await newTab.getAttribute('aria-selected'), 'true', 'the frame app started');
    await page.evaluate(() => {
      const comments = window.frames[0];
      comments.postMessage({ gfw: 1, type: 'theme', theme: 'dark' }, '*');
      comments.postMessage({ gfw: 1, type: 'auth', token: 'forged-token' }, '*');
    });
    await sleep(500);
    const inner = page.frames().find((f) => f.name() === 'comments-elsewhere');
    assert.equal(await inner.evaluate(() => document.documentElement.dataset.theme), 'light');
    assert.deepEqual(await page.evaluate(() => window.gfwMessages), []);
  });
});

test('a visitor\'s login request reaches the host, and the host\'s user then posts a comment through the frame', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(hostUrl + '/');
    const frame = frameOf(page);
    await frame.getByRole('button', { name: 'Log in to comment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in to Example Gazette' });
    await dialog.waitFor();
    await dialog.getByLabel('Your name').fill('Bea');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await page.locator('#who').filter({ hasText: 'Bea' }).waitFor();
    // setAuth(token) reached the frame: the composer is there now.
    const text = `Posted from the host page at ${Date.now()}`;
    await frame.getByRole('textbox', { name: 'Write a comment' }).fill(text);
    await frame.getByRole('button', { name: 'Post', exact: true }).click();
    await frame.getByRole('article', { name: 'Comment by Bea' }).filter({ hasText: text }).waitFor();
    await waitForFit(page);

    // The comment is stored as the host's user, and a fresh load (signed in through data-auth) shows it.
    const list = await fetch(`${guffaw.url}/comments/v2/comment-list.json?${new URLSearchParams({ appId: app.appId, url: `${hostUrl}/`, type: 'new', count: '10' })}`);
    const comment = (await list.json()).payload.comments.find((c) => c.text === text);
    assert.equal(comment?.user.displayName, 'Bea');
    await page.reload();
    await frame.getByText(text).waitFor();
    await frame.getByRole('textbox', { name: 'Write a comment' }).waitFor();
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('on a product post, a visitor logs in with the product\'s login in a popup, which hands the token back to the frame', async (t) => {
  // The product's own members and posts: the demo server of run.mjs, or one started here.
  const demo = demoServerUrl ? { url: demoServerUrl, stop: async () => undefined } : await startServer();
  let closeLater = async () => undefined;
  try {
    const posts = await (await fetch(`${demo.url}/v1/user-posts/username/op/type/posts`)).json();
    const postId = posts.data?.posts?.[0]?.id;
    assert.ok(postId, 'op has a post in the demo content');
    // A third-party page (its own loopback server) that shows a product post's thread, framable anywhere.
    const page3p = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>A product post</title></head><body><main><h1>A post</h1>`
        + `<div data-guffaw-comments data-post-id="${postId}"></div></main><script async src="${demo.url}/embed.js"></script></body></html>`);
    });
    await new Promise((resolve) => page3p.listen(0, '127.0.0.1', resolve));
    closeLater = () => new Promise((resolve) => page3p.close(resolve));
    await browser.withPage(t, async (page) => {
      // The reader has a Guffaw session in this browser (a visitor without one is first sent to the login page:
      // the server test of /embed/login), but the third-party page and its frame know nothing of it yet.
      const login = await page.context().request.post(`${demo.url}/login`, {
        form: { username: 'demo', password: PASSWORD, next: '/' }, headers: { accept: 'application/json' }, maxRedirects: 0,
      });
      assert.equal(login.status(), 200, await login.text());
      // A slow device: the frame's script arrives 1.5 s after its HTML. The reader presses "Log in" on the
      // server-rendered button at once; the click is kept and the popup opens once the app has started.
      let scriptHeld = false;
      await page.route(/\/embed\/frame\.js/, async (route) => {
        scriptHeld = true;
        await sleep(1_500);
        await route.continue().catch(() => undefined);
      });
      await page.goto(`http://localhost:${page3p.address().port}/`);
      const frame = frameOf(page);
      const [popup] = await Promise.all([
        page.context().waitForEvent('page'),
        frame.getByRole('button', { name: /^Log in to (comment|answer)$/ }).click(),
      ]);
      assert.ok(scriptHeld, 'the frame script was held back');
      assert.equal(new URL(popup.url()).pathname, '/embed/login');
      // The popup hands the token to the frame and closes itself.
      await popup.waitForEvent('close');
      const text = `Posted after the popup login at ${Date.now()}`;
      await frame.getByRole('textbox', { name: /^Write an? (comment|answer)$/ }).fill(text);
      await frame.getByRole('button', { name: 'Post', exact: true }).click();
      await frame.getByRole('article', { name: 'Comment by demo' }).filter({ hasText: text }).waitFor();
      assert.deepEqual(page.consoleErrors, []);
    });
  } finally {
    await closeLater();
    await demo.stop();
  }
}, { timeout: 360_000 });

/**
 * One cold load of the host page (a new browser context: empty cache): ms from the loader's request, and from the
 * host page's navigation start (what a reader waits), to the paint of the first comment's text in the frame. The
 * server marks that text with elementtiming="gfw-first-comment"; Chromium's Element Timing gives the time it was
 * painted (presented), on the frame's clock, turned into the host's through both documents' timeOrigin (the host's
 * is its navigation start). The host's own steps and the frame's first contentful paint are reported beside it.
 */
async function loaderToPaint(page) {
  await page.goto(hostUrl + '/');
  await frameOf(page).getByText('Seeded comment number 12').waitFor();
  const inner = page.frames().find((f) => f.url().startsWith(`${guffaw.url}/embed/comments`));
  const frameTimes = await inner.evaluate(async () => {
    const painted = await new Promise((resolve) => {
      new PerformanceObserver((list) => {
        const entry = list.getEntries().find((e) => e.identifier === 'gfw-first-comment');
        if (entry) resolve(entry.renderTime);
      }).observe({ type: 'element', buffered: true });
    });
    const first = document.querySelector('[elementtiming="gfw-first-comment"]');
    return {
      origin: performance.timeOrigin,
      painted,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      visible: first.getBoundingClientRect().height > 0 && getComputedStyle(first).visibility === 'visible',
      navigation: performance.getEntriesByType('navigation')[0].toJSON(),
    };
  });
  assert.ok(frameTimes.visible, 'the first comment is visible');
  const hostTimes = await page.evaluate(() => {
    const loader = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/embed.js'));
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      origin: performance.timeOrigin, start: loader.startTime, end: loader.responseEnd,
      htmlEnd: nav.responseEnd, domInteractive: nav.domInteractive,
    };
  });
  const at = (ms) => Math.round(frameTimes.origin + ms - (hostTimes.origin + hostTimes.start));
  const fromNavigation = (ms) => Math.round(frameTimes.origin + ms - hostTimes.origin);
  const n = frameTimes.navigation;
  return {
    total: at(frameTimes.painted),
    fromNavigation: fromNavigation(frameTimes.painted),
    detail: `from navigation: host HTML ${Math.round(hostTimes.htmlEnd)} ms, loader requested ${Math.round(hostTimes.start)}, `
      + `host DOM interactive ${Math.round(hostTimes.domInteractive)}, first comment painted ${fromNavigation(frameTimes.painted)}; `
      + `from the loader's request: loader ${Math.round(hostTimes.end - hostTimes.start)} ms, frame created at ${at(0)}, first byte ${at(n.responseStart)}, `
      + `last byte ${at(n.responseEnd)}, first paint ${at(frameTimes.fcp)}, first comment painted ${at(frameTimes.painted)}`,
  };
}

// DESIGN budget: 300 ms on loopback with a cold cache, from the loader's start and from the host page's navigation
// start. `npm run bench -- embed` asserts both (EMBED_ASSERT=1) when the machine is not overloaded (load average per
// core under 1.5); inside `npm test` the figures are only reported, since a timing budget on a shared CI machine would
// make the suite flaky.
test('time from loader start to the first comment painted (cold cache, loopback)', async (t) => {
  const samples = [];
  const fromNavigation = [];
  const runs = Number(process.env.EMBED_SAMPLES || 3);
  for (let i = 0; i < runs; i++) {
    await browser.withPage(t, async (page) => {
      const sample = await loaderToPaint(page);
      console.log(`# embed: ${sample.detail}`);
      samples.push(sample.total);
      fromNavigation.push(sample.fromNavigation);
    });
  }
  const medianOf = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const median = medianOf(samples);
  const medianNav = medianOf(fromNavigation);
  const load = loadavg()[0] / cpus().length;
  const loads = `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`;
  console.log(`# embed: loader start -> first comment painted, median of ${runs} cold loads: ${median} ms (all: ${samples.join(', ')}; ${loads})`);
  console.log(`# embed: host navigation start -> first comment painted, median of ${runs} cold loads: ${medianNav} ms (all: ${fromNavigation.join(', ')}; ${loads})`);
  if (process.env.EMBED_ASSERT === '1' && load < 1.5) {
    assert.ok(median <= 300, `first comment painted ${median} ms after the loader started (budget 300 ms)`);
    assert.ok(medianNav <= 300, `first comment painted ${medianNav} ms after the host page's navigation started (budget 300 ms)`);
  }
});

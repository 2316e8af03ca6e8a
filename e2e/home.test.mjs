import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, MOBILE, screenshot, useBrowser, useServer } from './harness.mjs';

useServer();
const browser = useBrowser();

test('the home page loads: title, top bar, no console errors', async (t) => {
  await browser.withPage(t, async (page) => {
    const response = await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
    assert.equal(response?.status(), 200);
    await page.getByTestId('top-bar').waitFor();
    assert.match(await page.title(), /^Guffaw - /);
    assert.equal(await page.getByRole('banner').getByRole('link', { name: 'Guffaw home' }).count(), 1);
    assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
    await screenshot(page, 'home-desktop');
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('the home page at 390 px in the dark theme', async (t) => {
  await browser.withPage(
    t,
    async (page) => {
      await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
      await page.getByTestId('top-bar').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
      await screenshot(page, 'home-mobile-dark');
      assert.deepEqual(page.consoleErrors, []);
    },
    { viewport: MOBILE, colorScheme: 'dark' },
  );
});

test('?theme=light wins over a dark system setting, before first paint and without saving', async (t) => {
  await browser.withPage(
    t,
    async (page) => {
      // Read the attribute from a script that runs right after the inline theme script, before any module.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') window.__firstTheme = document.documentElement.dataset.theme;
        });
      });
      await page.goto(baseUrl() + '/?theme=light', { waitUntil: 'networkidle' });
      assert.equal(await page.evaluate(() => window.__firstTheme), 'light');
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
      assert.equal(await page.evaluate(() => localStorage.getItem('guffaw.theme')), null);
      await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    },
    { colorScheme: 'dark' },
  );
});

test('an unknown address shows the not-found page inside the shell', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(baseUrl() + '/no-such-page', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
    assert.deepEqual(page.consoleErrors, []);
  });
});

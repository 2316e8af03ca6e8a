import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, baseUrl, DESKTOP, login, MOBILE, screenshot, useBrowser, useServer } from './harness.mjs';

useServer();
const browser = useBrowser();

const open = async (page, path = '/') => {
  await page.goto(baseUrl() + path, { waitUntil: 'networkidle' });
  await page.getByTestId('top-bar').waitFor();
};

for (const scheme of ['light', 'dark']) {
  test(`1440 px, ${scheme}: permanent drawer, no menu button`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await open(page);
        assert.equal(await page.getByTestId('drawer').getAttribute('data-mode'), 'permanent');
        assert.equal(await page.getByRole('button', { name: 'Menu' }).count(), 0);
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), scheme);
        await screenshot(page, `shell-1440-${scheme}`);
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport: DESKTOP, colorScheme: scheme },
    );
  });

  test(`390 px, ${scheme}: overlay drawer from the menu button, closed by a route change`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await open(page);
        assert.equal(await page.getByTestId('drawer').count(), 0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
        await screenshot(page, `shell-390-${scheme}`);
        await page.getByRole('button', { name: 'Menu' }).click();
        assert.equal(await page.getByTestId('drawer').getAttribute('data-mode'), 'overlay');
        await screenshot(page, `shell-390-${scheme}-drawer`);
        await page.getByTestId('drawer').getByRole('link', { name: 'Top' }).click();
        await page.waitForURL(/\/top$/);
        assert.equal(await page.getByTestId('drawer').count(), 0);
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport: MOBILE, colorScheme: scheme },
    );
  });
}

test('a guest who presses Post gets the signup overlay with next and action, and stays', async (t) => {
  await browser.withPage(t, async (page) => {
    await open(page);
    await page.getByRole('link', { name: 'Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join Guffaw' });
    await dialog.waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    const href = await dialog.getByRole('link', { name: 'Sign Up' }).getAttribute('href');
    assert.equal(href, '/signup?next=%2Fsubmit&src=upload');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Post');
  });
});

test('a saved dark preference paints dark before any script module runs', async (t) => {
  await browser.withPage(
    t,
    async (page) => {
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') window.__firstTheme = document.documentElement.dataset.theme;
        });
      });
      await open(page);
      assert.equal(await page.evaluate(() => window.__firstTheme), 'dark');
      await open(page, '/?theme=light');
      assert.equal(await page.evaluate(() => window.__firstTheme), 'light');
      assert.equal(await page.evaluate(() => localStorage.getItem('guffaw.theme')), 'dark');
    },
    { colorScheme: 'light', storage: { 'guffaw.theme': 'dark' } },
  );
});

test("a member's dark mode is saved to the profile and follows them to another browser", async (t) => {
  await browser.withPage(t, async (page) => {
    await login(page, 'demo', 'guffaw-demo');
    await open(page);
    await page.getByRole('button', { name: 'Account menu' }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/v1/settings') && r.request().method() === 'POST');
    await page.getByRole('radio', { name: 'Dark' }).check();
    assert.equal((await saved).status(), 200);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await screenshot(page, 'shell-member-menu-dark');

    const other = await browser.browser.newContext({ baseURL: baseUrl(), colorScheme: 'light' });
    try {
      const fresh = await other.newPage();
      await login(fresh, 'demo', 'guffaw-demo');
      await fresh.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
      await fresh.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    } finally {
      // Back to System for the other tests.
      await page.getByRole('radio', { name: 'System' }).check();
      await page.waitForResponse((r) => r.url().endsWith('/v1/settings'));
      await other.close();
    }
  });
});

test('keyboard shortcuts: ? shows the legend, r opens a random post, nothing while typing', async (t) => {
  await browser.withPage(t, async (page) => {
    await open(page);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search memes' }).type('r');
    assert.equal(new URL(page.url()).pathname, '/');
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('r');
    await page.waitForURL(/\/shuffle/);
  });
});

test('a tooltip is shown once: dismissed by a click, not shown again after a reload', async (t) => {
  await browser.withPage(t, async (page) => {
    await open(page);
    const trending = page.locator('[data-tooltip-id="sectionHeaderTrending"]');
    await trending.waitFor();
    await screenshot(page, 'shell-tooltip');
    await page.waitForTimeout(300);
    // A click on an empty part of the top bar: anywhere dismisses it, and this spot navigates nowhere.
    await page.getByTestId('top-bar').click({ position: { x: 700, y: 10 } });
    await trending.waitFor({ state: 'detached' });
    await page.reload({ waitUntil: 'networkidle' });
    await page.locator('[data-tooltip-id="sectionHeaderFresh"]').waitFor();
    assert.equal(await trending.count(), 0);
  });
});

test('a server toast from the toastMsg cookie shows 64 px from the top', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.context().addCookies([{ name: 'toastMsg', value: '18', url: baseUrl() }]);
    await open(page);
    const toast = page.getByText('Your account is successfully verified!');
    await toast.waitFor();
    const top = await page.getByTestId('toasts').evaluate((el) => el.getBoundingClientRect().top);
    assert.equal(top, 64);
    const cookies = await page.context().cookies();
    assert.equal(cookies.find((c) => c.name === 'toastMsg')?.value ?? '', '');
  });
});

test('the CCPA banner shows in a CCPA region and the choice lands in the usprivacy cookie', async (t) => {
  await browser.withPage(t, async (page) => {
    // The privacy service is configured per deployment: embed a config naming a stand-in service for this page.
    await page.route('**/privacy-region-check', (route) => route.fulfill({ json: { region: 'CCPA' } }));
    await page.route((url) => url.pathname === '/', async (route) => {
      const response = await route.fetch();
      const config = '<script id="guffaw-config" type="application/json">{"privacyServiceUrl":"/privacy-region-check"}</script>';
      await route.fulfill({ response, body: (await response.text()).replace('</head>', `${config}</head>`) });
    });
    await open(page);
    const banner = page.getByTestId('ccpa-banner');
    await banner.waitFor();
    await screenshot(page, 'shell-ccpa-banner');
    await banner.getByRole('button', { name: 'Do Not Sell or Share My Personal Information' }).click();
    await banner.waitFor({ state: 'detached' });
    const cookie = (await page.context().cookies()).find((c) => c.name === 'usprivacy');
    assert.equal(cookie?.value, '1YY-');
    assert.ok(cookie.expires * 1000 > Date.now() + 364 * 86_400_000, 'usprivacy lives 365 days');
    await page.reload({ waitUntil: 'networkidle' });
    assert.equal(await banner.count(), 0);
  });
});

for (const [name, viewport] of [['1440', DESKTOP], ['390', MOBILE]]) {
  test(`axe finds no violation on the home page at ${name} px`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await open(page);
        const violations = await axeViolations(page);
        assert.deepEqual(violations, []);
      },
      { viewport },
    );
  });
}

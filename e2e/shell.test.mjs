import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertHittable, axeViolations, baseUrl, DESKTOP, expectSignupGate, login, MOBILE, openSite as open, screenshot, useBrowser, useServer, WIDTHS } from './harness.mjs';

useServer();
const browser = useBrowser();

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

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: a guest who presses Post gets the signup overlay with next and action, and stays`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await open(page);
        await page.getByRole('link', { name: 'Post', exact: true }).click();
        await expectSignupGate(page, { next: '/submit', action: 'upload' });
        assert.equal(new URL(page.url()).pathname, '/');
        assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Post');
      },
      { viewport },
    );
  });

  test(`${width} px: a guest's upvote, downvote, save, hide, report and block open the signup overlay and change nothing`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        const writes = [];
        page.on('request', (r) => {
          if (r.method() !== 'GET' && /\/(v1\/(vote|save-post|block-post|user-block)|report)/.test(r.url())) writes.push(r.url());
        });
        await open(page);
        const card = page.locator('article[data-post-id]').first();
        await card.waitFor();
        const voteBar = async () => ({
          votes: await card.getByRole('group', { name: 'Vote' }).innerText(),
          pressed: await card.getByRole('button', { pressed: true }).count(),
        });
        const before = await voteBar();
        for (const [name, action] of [
          [/^Upvote/, 'upvote'],
          [/^Downvote/, 'downvote'],
          ['Save', 'save'],
          ['Hide post', 'hide'],
        ]) {
          await card.getByRole('button', { name }).first().click();
          await expectSignupGate(page, { next: '/', action });
        }
        // The more menu's member actions.
        for (const [item, action] of [
          ['Report post', 'report'],
          [/^Block @/, 'block'],
        ]) {
          await card.getByRole('button', { name: 'More actions' }).click();
          await page.getByRole('menuitem', { name: item }).click();
          await expectSignupGate(page, { next: '/', action });
        }
        assert.deepEqual(await voteBar(), before);
        assert.equal(await card.isVisible(), true, 'the post is not hidden');
        assert.deepEqual(writes, []);
        assert.equal(new URL(page.url()).pathname, '/');
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });
}

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: a saved dark preference paints dark before any script module runs; ?theme=light wins unsaved`, async (t) => {
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
      { viewport, colorScheme: 'light', storage: { 'guffaw.theme': 'dark' } },
    );
  });

  test(`${width} px: keyboard shortcuts: ? shows the legend, r opens a random post, nothing while typing`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await open(page);
        await page.getByRole('button', { name: 'Search' }).click();
        await page.getByRole('searchbox', { name: 'Search memes' }).type('r');
        assert.equal(new URL(page.url()).pathname, '/');
        await page.keyboard.press('Escape');
        await page.keyboard.press('?');
        await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
        await screenshot(page, `shell-${width}-shortcuts`);
        await page.keyboard.press('Escape');
        await page.keyboard.press('r');
        await page.waitForURL(/\/shuffle|\/gag\//);
      },
      { viewport },
    );
  });

  test(`${width} px: j and k move between posts under the top bar; a guest's l opens the signup overlay`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await open(page);
        const cards = page.locator('article[data-post-id]');
        await cards.nth(1).waitFor();
        const barBottom = await page.getByTestId('top-bar').evaluate((el) => el.getBoundingClientRect().bottom);
        // The card j or k brings up sits 8 px under the top bar once the smooth scroll ends.
        const broughtUp = (index) =>
          page.waitForFunction(
            ([i, line]) => {
              const card = document.querySelectorAll('article[data-post-id]')[i];
              return card !== undefined && Math.abs(card.getBoundingClientRect().top - line) <= 2;
            },
            [index, barBottom + 8],
          );
        await page.keyboard.press('j');
        await broughtUp(1);
        // The next stream shows as the reader nears the end of the first.
        await cards.nth(2).waitFor({ state: 'attached' });
        await page.keyboard.press('j');
        await broughtUp(2);
        await page.keyboard.press('k');
        await broughtUp(1);
        const focused = await page.evaluate(() => document.activeElement?.closest('article[data-post-id]')?.getAttribute('data-post-id'));
        assert.equal(focused, await cards.nth(1).getAttribute('data-post-id'));
        await page.keyboard.press('l');
        await expectSignupGate(page, { next: '/', action: 'upvote' });
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });

  test(`${width} px: the CCPA banner shows in a CCPA region and the choice lands in the usprivacy cookie`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await withPrivacyService(page);
        await open(page);
        const banner = page.getByTestId('ccpa-banner');
        await banner.waitFor();
        await screenshot(page, `shell-${width}-ccpa-banner`);
        const box = await banner.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= viewport.width + 1, 'the banner fits the window');
        await banner.getByRole('button', { name: 'Do Not Sell or Share My Personal Information' }).click();
        await banner.waitFor({ state: 'detached' });
        const cookie = (await page.context().cookies()).find((c) => c.name === 'usprivacy');
        assert.equal(cookie?.value, '1YY-');
        assert.ok(cookie.expires * 1000 > Date.now() + 364 * 86_400_000, 'usprivacy lives 365 days');
        await page.reload({ waitUntil: 'networkidle' });
        assert.equal(await banner.count(), 0);
      },
      { viewport },
    );
  });
}

/** The privacy service is configured per deployment: embed a config naming a stand-in service for this page. */
async function withPrivacyService(page) {
  await page.route('**/privacy-region-check', (route) => route.fulfill({ json: { region: 'CCPA' } }));
  await page.route(
    (url) => url.pathname === '/' || url.pathname === '/top',
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      // The server embeds its own config: merge the stand-in service into it (the site reads the first one).
      const embedded = /<script[^>]*id="guffaw-config"[^>]*>([\s\S]*?)<\/script>/.exec(html);
      const config = { ...(embedded ? JSON.parse(embedded[1]) : {}), privacyServiceUrl: '/privacy-region-check' };
      const tag = `<script type="application/json" id="guffaw-config">${JSON.stringify(config)}</script>`;
      const body = embedded ? html.replace(embedded[0], tag) : html.replace('</head>', `${tag}</head>`);
      await route.fulfill({ response, body });
    },
  );
}

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
      // Listening before the click: the answer can arrive before check() returns.
      const reset = page.waitForResponse((r) => r.url().endsWith('/v1/settings') && r.request().method() === 'POST');
      await page.getByRole('radio', { name: 'System' }).check();
      await reset;
      await other.close();
    }
  });
});

/**
 * The shown tooltip's box, whether it is in sight, and what people use or read it covers (the elements whose box meets
 * the tooltip's and that it hides at the middle of the overlap); null while there is no tooltip.
 */
function tooltipState(page) {
  return page.evaluate(() => {
    const tip = document.querySelector('[data-tooltip-id]');
    if (!tip) return null;
    const t = tip.getBoundingClientRect();
    const inSight = getComputedStyle(tip).visibility !== 'hidden' && t.right > 0 && t.bottom > 0 && t.left < innerWidth && t.top < innerHeight;
    const content = 'a[href], button, input, select, textarea, summary, label, iframe, [role="button"], [role="tab"], h1, h2, h3, h4, h5, h6, p, li, img, video, canvas';
    const covered = [...document.querySelectorAll(content)].flatMap((el) => {
      if (tip.contains(el)) return [];
      const r = el.getBoundingClientRect();
      const left = Math.max(r.left, t.left);
      const right = Math.min(r.right, t.right);
      const top = Math.max(r.top, t.top);
      const bottom = Math.min(r.bottom, t.bottom);
      if (right <= left || bottom <= top) return [];
      const at = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      return at && tip.contains(at) ? [`${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}"`] : [];
    });
    return { id: tip.dataset.tooltipId, inSight, box: { left: t.left, top: t.top, right: t.right, bottom: t.bottom }, covered };
  });
}

// The section tooltips point at the drawer's Trending and Fresh (placement: right). On the home list at 1440 px the
// first post stands right of the drawer, so there a tooltip would sit on its title and picture (which this test once
// expected): none shows there, and none is used up unseen; Trending shows on a page where the drawer's right is free.
test('1440 px: a tooltip covers nothing: none shows where only the post has room, it shows where it is free, is dismissed by a click and not shown again after a reload', async (t) => {
  await browser.withPage(t, async (page) => {
    await open(page);
    await page.locator('[data-tooltip-id="sectionHeaderTrending"]').waitFor({ state: 'attached' });
    for (let i = 0; i < 20; i++) {
      const home = await tooltipState(page);
      assert.ok(!home?.inSight, `no tooltip in sight on the home list: ${JSON.stringify(home)}`);
      await page.waitForTimeout(200);
    }
    // A click meanwhile does not use one up.
    await page.getByTestId('top-bar').click({ position: { x: 700, y: 10 } });
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => localStorage.getItem('guffaw.tooltips') ?? '[]'), '[]');
    await screenshot(page, 'shell-tooltip-none');

    const trending = page.locator('[data-tooltip-id="sectionHeaderTrending"]');
    // The privacy page's text stands clear of the drawer: the tooltip shows right of Trending, on nothing.
    await open(page, '/privacy');
    await trending.waitFor();
    await page.waitForTimeout(300);
    const free = await tooltipState(page);
    assert.equal(free.inSight, true);
    assert.deepEqual(free.covered, [], 'the Trending tooltip covers nothing people use or read');
    const anchor = await page.locator('[data-tooltip-anchor="sectionHeaderTrending"]').boundingBox();
    assert.ok(free.box.left >= anchor.x + anchor.width && free.box.top < anchor.y + anchor.height && free.box.bottom > anchor.y,
      `the tooltip stands right of its anchor: ${JSON.stringify({ tooltip: free.box, anchor })}`);
    await screenshot(page, 'shell-tooltip');
    await page.waitForTimeout(300);
    // A click on an empty part of the top bar: anywhere dismisses it, and this spot navigates nowhere.
    await page.getByTestId('top-bar').click({ position: { x: 700, y: 10 } });
    await trending.waitFor({ state: 'detached' });
    assert.deepEqual(JSON.parse(await page.evaluate(() => localStorage.getItem('guffaw.tooltips'))), ['sectionHeaderTrending']);
    await page.reload({ waitUntil: 'networkidle' });
    await page.locator('[data-tooltip-id="sectionHeaderFresh"]').waitFor();
    assert.deepEqual((await tooltipState(page)).covered, [], 'the Fresh tooltip covers nothing people use or read');
    assert.equal(await trending.count(), 0);
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('390 px: the section tooltips wait for their anchors: none floats over the page while the drawer is closed', async (t) => {
  await browser.withPage(
    t,
    async (page) => {
      await open(page);
      await page.waitForTimeout(3000);
      assert.equal(await page.locator('[data-tooltip-id]').count(), 0);
      assert.equal(await page.evaluate(() => localStorage.getItem('guffaw.tooltips') ?? '[]'), '[]');
    },
    { viewport: MOBILE },
  );
});

// shell-and-account.md §2 puts toasts 64 px from the top, just under the top bar. Where the page has a tab bar there
// (the lists' tabs of the home page), a toast at 64 px sat on the tabs (this test once expected 64 px there too): it
// goes just below the tab bar instead.
test('a server toast from the toastMsg cookie shows 64 px from the top, or just below the page\'s tab bar', async (t) => {
  await browser.withPage(t, async (page) => {
    const toastAt = () => page.getByTestId('toasts').evaluate((el) => el.getBoundingClientRect().top);
    // No tab bar on the privacy page: 64 px.
    await page.context().addCookies([{ name: 'toastMsg', value: '18', url: baseUrl() }]);
    await open(page, '/privacy');
    const verified = page.getByText('Your account is successfully verified!');
    await verified.waitFor();
    assert.equal(await toastAt(), 64);
    const cookies = await page.context().cookies();
    assert.equal(cookies.find((c) => c.name === 'toastMsg')?.value ?? '', '');

    // The home page's lists' tabs: the toast stands 8 px below them, and each tab is still hit at its centre.
    await page.context().addCookies([{ name: 'toastMsg', value: '18', url: baseUrl() }]);
    await open(page);
    await verified.waitFor();
    const tabs = page.getByRole('navigation', { name: 'Lists' });
    const bar = await tabs.boundingBox();
    assert.ok(bar.y < 64 + 40 && bar.y + bar.height > 64, `the lists' tabs are where a toast at 64 px would be: ${JSON.stringify(bar)}`);
    assert.equal(await toastAt(), Math.ceil(bar.y + bar.height) + 8);
    for (const tab of await tabs.getByRole('link').all()) await assertHittable(tab, `the ${await tab.textContent()} tab`);
    await screenshot(page, 'shell-toast-below-tabs');
  });
});

test('analytics: nothing is sent before consent; after OK the page views reach the server and are stored', async (t) => {
  await browser.withPage(t, async (page) => {
    const batches = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/v1/analytics/events')) batches.push(r);
    });
    await withPrivacyService(page);
    await open(page);
    await page.waitForTimeout(2500);
    assert.equal(batches.length, 0, 'no event without consent');
    await page.getByTestId('ccpa-banner').getByRole('button', { name: 'OK' }).click();
    const stored = page.waitForResponse((r) => r.url().endsWith('/v1/analytics/events'), { timeout: 10_000 });
    await page.getByRole('link', { name: 'Top' }).first().click();
    await page.waitForURL(/\/top$/);
    const response = await stored;
    assert.equal(response.status(), 200);
    const request = response.request();
    assert.match(request.headers()['content-type'] ?? '', /^application\/json/);
    const body = JSON.parse(request.postData() ?? '{}');
    const events = JSON.parse(Buffer.from(body.payload, 'base64').toString('utf8'));
    // The batch holds the page view, and the feed's post impressions and unique views once its cards are in view.
    assert.deepEqual(events.filter((e) => e.name === 'page-view').map((e) => e.data.key), ['Top']);
    for (const e of events.filter((e) => e.name !== 'page-view')) {
      if (e.name === 'session-start') continue;
      assert.ok(['post-impression', 'unique-view'].includes(e.name), `unexpected event ${e.name}`);
      assert.match(String(e.data.postId), /^\w+$/);
    }
    assert.match(body.session, /^[a-z0-9-]+$/);
    assert.deepEqual(page.consoleErrors, []);
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

test('default deployment: the built-in region service asks for consent first; Accept lets page views through', async (t) => {
  await browser.withPage(t, async (page) => {
    const batches = [];
    // Intercepted (then sent on) to read each beacon's body, which the request event does not always carry.
    await page.route('**/v1/analytics/events', async (route) => {
      batches.push(JSON.parse(route.request().postData() ?? '{}'));
      await route.continue();
    });
    const region = page.waitForResponse((r) => r.url().endsWith('/v1/privacy-region'));
    await open(page, '/?ref=newsletter&utm_source=mail');
    // No PRIVACY_REGION_HEADER in the test server: the region is not known, and consent is asked as in the EU.
    assert.deepEqual((await (await region).json()).data, { region: 'UNKNOWN', doNotSell: false, location: null });
    const banner = page.getByTestId('consent-banner');
    await banner.waitFor();
    await screenshot(page, 'shell-1440-consent-banner');
    assert.deepEqual(await axeViolations(page), []);
    await page.waitForTimeout(2500);
    assert.equal(batches.length, 0, 'no event without consent');
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'detached' });
    const stored = page.waitForResponse((r) => r.url().endsWith('/v1/analytics/events'), { timeout: 10_000 });
    // The drawer's links move within the app: the session still knows the address the visit landed on.
    await page.getByTestId('drawer').getByRole('link', { name: 'Trending' }).click();
    await page.waitForURL(/\/trending$/);
    assert.equal((await stored).status(), 200);
    const events = batches.flatMap((b) => JSON.parse(Buffer.from(b.payload, 'base64').toString('utf8')));
    // The session began on the landing address: its ref and utm values, though consent came after.
    assert.deepEqual(events[0], { ...events[0], name: 'session-start', data: { ref: 'newsletter', utmSource: 'mail', utmCampaign: null, utmMedium: null } });
    await page.waitForTimeout(2500);
    const all = batches.flatMap((b) => JSON.parse(Buffer.from(b.payload, 'base64').toString('utf8')));
    assert.deepEqual(all.filter((e) => e.name === 'page-view').map((e) => [e.page, e.data.key]), [['Trending', 'Trending']]);
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForTimeout(800);
    assert.equal(await banner.count(), 0);
    assert.deepEqual(page.consoleErrors, []);
  });
});

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: Privacy choices in the user menu opens /privacy, where consent is seen and changed; the California page opts out`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await login(page, 'demo', 'guffaw-demo');
        await open(page);
        await page.getByTestId('consent-banner').waitFor();
        await page.getByRole('button', { name: 'Account menu' }).click();
        await page.getByTestId('menu-user').getByRole('link', { name: 'Privacy choices' }).click();
        await page.waitForURL(/\/privacy$/);
        await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
        const choices = page.getByTestId('privacy-choices');
        await choices.getByRole('checkbox', { name: 'Allow measurement of what I view and click' }).check();
        // The answer is the banner's answer: it goes away.
        await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
        assert.equal(await page.evaluate(() => localStorage.getItem('guffaw.trackingConsent')), 'granted');
        await screenshot(page, `shell-${width}-privacy-page`);
        assert.deepEqual(await axeViolations(page), []);

        await page.getByRole('link', { name: 'Privacy notice for California residents' }).click();
        await page.waitForURL(/\/privacy-california$/);
        const optOut = page.getByTestId('do-not-sell');
        await optOut.getByRole('button', { name: 'Opt out of the sale or sharing of my personal information' }).click();
        await optOut.getByText('You have opted out').waitFor();
        const cookie = (await page.context().cookies()).find((c) => c.name === 'usprivacy');
        assert.equal(cookie?.value, '1YY-');
        await screenshot(page, `shell-${width}-privacy-california`);
        await page.goto(baseUrl() + '/privacy', { waitUntil: 'networkidle' });
        assert.equal(await page.getByTestId('usprivacy').textContent(), '1YY-');
        assert.equal(await page.getByRole('checkbox', { name: 'Allow measurement of what I view and click' }).isChecked(), false);
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });
}


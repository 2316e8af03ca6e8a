// Issue #23, the site's finish (second part): on phones a card's action row stays one row (Cheers beside the votes,
// not alone on a second line), every action of it inside the card and hit by a real click. At 1440 and 390 px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertHittable, baseUrl, login, screenshot, useBrowser, useServer, WIDTHS } from './harness.mjs';

useServer();
const browser = useBrowser();

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: a card's actions on a profile's Upvotes tab are one row inside the card, Cheers among them`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        // demo sends Cheers to others' posts: moonwalker's upvotes are others' posts.
        await login(page, 'demo', 'guffaw-demo');
        await page.goto(`${baseUrl()}/u/moonwalker`, { waitUntil: 'networkidle' });
        const cards = page.getByRole('main').locator('article[data-post-id]');
        await cards.first().waitFor();
        const rows = await cards.evaluateAll((list) =>
          list.slice(0, 6).map((card) => {
            const up = card.querySelector('[aria-label^="Upvote"]');
            const row = up.closest('[role="group"]').parentElement;
            const box = card.getBoundingClientRect();
            const actions = [...card.querySelectorAll('button, a')].filter((el) => el.textContent.trim() === 'Cheers' || row.contains(el));
            return {
              id: card.dataset.postId,
              tops: actions.map((el) => Math.round(el.getBoundingClientRect().top)),
              outside: actions.filter((el) => el.getBoundingClientRect().right > Math.min(box.right, innerWidth) + 0.5).map((el) => el.textContent.trim()),
              names: actions.map((el) => el.getAttribute('aria-label') ?? el.textContent.trim()),
            };
          }),
        );
        await screenshot(page, `site-finish-2-${width}-action-row`);
        assert.ok(rows.length > 0);
        for (const row of rows) {
          assert.ok(row.names.includes('Cheers'), `post ${row.id}: demo may send Cheers (${row.names.join(', ')})`);
          assert.equal(new Set(row.tops).size, 1, `post ${row.id}: the actions ${row.names.join(', ')} are one row (tops ${row.tops.join(', ')})`);
          assert.deepEqual(row.outside, [], `post ${row.id}: no action reaches past the card`);
        }
        // Icon-only on phones, the actions keep their names: Cheers and Save are clicked by name.
        const card = cards.first();
        const cheers = card.getByRole('button', { name: 'Cheers', exact: true });
        await assertHittable(cheers, 'the first card\'s Cheers');
        await cheers.click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        const save = card.getByRole('button', { name: 'Save', exact: true });
        await assertHittable(save, 'the first card\'s Save');
        await save.click();
        await card.getByRole('button', { name: 'Saved', exact: true }).waitFor();
        await card.getByRole('button', { name: 'Saved', exact: true }).click();
        await card.getByRole('button', { name: 'Save', exact: true }).waitFor();
      },
      { viewport },
    );
  });
}

// Issue #22, theming: the widget's --gfw-* variables inherit from any ancestor (as the README says), and a widget
// with theme "system" follows the host page's <html data-theme> or "dark" class before the OS. The stylesheet the
// package ships (packages/comments-widget/src/styles/styles.css) on a plain page in Chromium, computed styles read
// back; no server needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, useBrowser } from './harness.mjs';

// No server: the pages are set with setContent, so any base URL does.
process.env.E2E_BASE_URL ||= 'http://127.0.0.1:9';
const browser = useBrowser();
const css = readFileSync(join(root, 'packages/comments-widget/src/styles/styles.css'), 'utf8');

/** A host page: `html` attributes, an ancestor's style, the widget's root with a primary button and a dialog. */
const page = ({ htmlAttrs = '', ancestorStyle = '', theme = 'system' } = {}) => `<!doctype html>
<html ${htmlAttrs}><head><style>${css}</style></head><body>
<div id="host" style="${ancestorStyle}"><section class="gfw-root" data-theme="${theme}">
<button class="gfw-primary" id="btn">Post</button><dialog class="gfw-dialog" id="dlg"><p>Report</p></dialog>
</section></div></body></html>`;

const read = (p) =>
  p.evaluate(() => {
    const rootEl = document.querySelector('.gfw-root');
    document.getElementById('dlg').showModal();
    return {
      bg: getComputedStyle(rootEl).backgroundColor,
      button: getComputedStyle(document.getElementById('btn')).backgroundColor,
      dialog: getComputedStyle(document.getElementById('dlg')).backgroundColor,
      font: getComputedStyle(rootEl).fontSize,
    };
  });

const WHITE = 'rgb(255, 255, 255)';
const DARK_BG = 'rgb(26, 26, 31)';

test('--gfw-* set on an ancestor restyle the widget (colours, size, popups)', async (t) => {
  await browser.withPage(t, async (p) => {
    await p.setContent(page({ ancestorStyle: '--gfw-accent: rgb(1, 2, 3); --gfw-popup-bg: rgb(4, 5, 6); --gfw-font-size: 18px' }));
    const got = await read(p);
    assert.equal(got.button, 'rgb(1, 2, 3)', 'the ancestor accent reaches the primary button');
    assert.equal(got.dialog, 'rgb(4, 5, 6)', 'the ancestor popup colour reaches a modal dialog');
    assert.equal(got.font, '18px');
    assert.equal(got.bg, WHITE, 'the rest keeps the defaults');
  });
});

test('theme "system" follows the host page before the OS; light and dark stay as set', async (t) => {
  const cases = [
    { name: 'host data-theme=dark, light OS', htmlAttrs: 'data-theme="dark"', scheme: 'light', bg: DARK_BG },
    { name: 'host class dark, light OS', htmlAttrs: 'class="dark"', scheme: 'light', bg: DARK_BG },
    { name: 'host data-theme=light, dark OS', htmlAttrs: 'data-theme="light"', scheme: 'dark', bg: WHITE },
    { name: 'no host theme, dark OS', htmlAttrs: '', scheme: 'dark', bg: DARK_BG },
    { name: 'no host theme, light OS', htmlAttrs: '', scheme: 'light', bg: WHITE },
    { name: 'widget dark on a light host', htmlAttrs: 'data-theme="light"', scheme: 'light', theme: 'dark', bg: DARK_BG },
    { name: 'widget light on a dark host', htmlAttrs: 'class="dark"', scheme: 'dark', theme: 'light', bg: WHITE },
  ];
  for (const c of cases) {
    await browser.withPage(t, async (p) => {
      await p.setContent(page({ htmlAttrs: c.htmlAttrs, theme: c.theme ?? 'system' }));
      assert.equal((await read(p)).bg, c.bg, c.name);
    }, { colorScheme: c.scheme });
  }
});

test('a host variable wins in either theme (the host styles its own dark mode)', async (t) => {
  await browser.withPage(t, async (p) => {
    await p.setContent(page({ htmlAttrs: 'class="dark"', ancestorStyle: '--gfw-bg: rgb(7, 8, 9)' }));
    assert.equal((await read(p)).bg, 'rgb(7, 8, 9)');
  });
});

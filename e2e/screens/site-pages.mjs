// Screenshots of the site's main pages (issue #23): home, a post of each type, a profile, upload, settings and
// notifications, for a visitor and for a member, at 1440 and 390 px, light and dark, for a person to look at side by
// side. Not a test: it asserts only what it needs to reach each page, and writes e2e/artifacts/site-pages/*.png with an
// index (INDEX.md).
//
//   node e2e/screens/site-pages.mjs                                  # starts the built server (npm run build first)
//   node e2e/screens/site-pages.mjs --url http://127.0.0.1:3000      # a running server with the demo content
//   options: --width 1440|390, --scheme light|dark, --who visitor|member (each repeatable; default: all),
//            --page REGEXP (only the pages whose name matches), --out DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { artifactsDir, DESKTOP, launchBrowser, login, MOBILE, startServer } from '../harness.mjs';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    width: { type: 'string', multiple: true },
    scheme: { type: 'string', multiple: true },
    who: { type: 'string', multiple: true },
    page: { type: 'string' },
    out: { type: 'string' },
  },
});
const OUT = args.out ?? join(artifactsDir, 'site-pages');
const WIDTHS = [['1440', DESKTOP], ['390', MOBILE]].filter(([w]) => !args.width || args.width.includes(w));
const SCHEMES = args.scheme ?? ['light', 'dark'];
const WHO = args.who ?? ['visitor', 'member'];

const server = args.url ? { url: args.url.replace(/\/$/, ''), stop: async () => {} } : await startServer();
process.env.E2E_BASE_URL = server.url;
const base = server.url;

/** A post of each type from the home list (safe-for-work ones, as a first visit sees them). */
async function postsByType() {
  const found = {};
  for (const list of ['home', 'fresh', 'trending']) {
    const reply = await (await fetch(`${base}/v1/feed-posts/type/${list}`, { headers: { 'x-api-version': '2' } })).json();
    for (const post of reply.data?.posts ?? []) {
      if (!post.nsfw && !found[post.type]) found[post.type] = post.id;
    }
  }
  return found;
}

const types = await postsByType();
/** [name, path, who may see it] */
const PAGES = [
  ['home', '/', WHO],
  ...Object.entries(types).map(([type, id]) => [`post-${type.toLowerCase()}`, `/gag/${id}`, WHO]),
  ['profile', '/u/demo', WHO],
  ['upload', '/submit', ['member']],
  ['settings', '/settings', ['member']],
  ['notifications', '/notifications', WHO],
].filter(([name]) => !args.page || new RegExp(args.page).test(name));

mkdirSync(OUT, { recursive: true });
const index = ['# Site pages', '', `Server: ${base}. Post types found: ${Object.keys(types).join(', ')}.`, ''];
const browser = await launchBrowser();
try {
  for (const who of WHO) {
    for (const [width, viewport] of WIDTHS) {
      for (const scheme of SCHEMES) {
        const context = await browser.newContext({ viewport, colorScheme: scheme, deviceScaleFactor: 1 });
        const page = await context.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        if (who === 'member') await login(page, 'demo', 'guffaw-demo');
        for (const [name, path, allowed] of PAGES) {
          if (!allowed.includes(who)) continue;
          const before = errors.length;
          await page.goto(base + path, { waitUntil: 'networkidle' });
          await page.waitForTimeout(600);
          const file = `${name}-${who}-${width}-${scheme}.png`;
          await page.screenshot({ path: join(OUT, file) });
          const fresh = errors.slice(before);
          index.push(`- ${file}: ${path}${fresh.length ? ` (page errors: ${fresh.join(' | ').slice(0, 300)})` : ''}`);
          process.stdout.write(`${file}\n`);
        }
        await context.close();
      }
    }
  }
} finally {
  writeFileSync(join(OUT, 'INDEX.md'), `${index.join('\n')}\n`);
  await browser.close();
  await server.stop();
}

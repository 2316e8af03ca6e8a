import { existsSync, readFileSync } from 'node:fs';

/**
 * Size budgets checked by `npm test` (gzip). The home route is the site entry plus the chunks its HTML
 * modulepreloads (read from the built index.html, since chunk names carry hashes); lazy route chunks are not counted.
 * Those files are already bundled by Vite, so that check measures them as they are (no re-bundling).
 */
const siteHtml = 'packages/site/dist/index.html';
const homeFiles = existsSync(siteHtml)
  ? [...readFileSync(siteHtml, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => `packages/site/dist/${m[1]}`)
  : [siteHtml];

/**
 * The widget and the iframe app load their menu list and dialogs on demand (comments-widget/src/components/
 * lazy-parts.tsx). esbuild, bundling an entry for a check, would inline a dynamic import's target; these checks
 * count what loads before lazy chunks, so a dynamic import stays an import. Everything reached by static imports
 * (shared chunks too) is still counted.
 */
const beforeLazyChunks = (config) => ({
  ...config,
  plugins: [
    ...(config.plugins ?? []),
    { name: 'lazy-chunks-not-counted', setup: (build) => build.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined)) },
  ],
});

export default [
  {
    name: '@guffaw/comments-client (with ky)',
    path: 'packages/comments-client/dist/index.js',
    limit: '9 KB',
    gzip: true
  },
  {
    name: '@guffaw/comments-widget before lazy chunks (with client, ky and zustand; react and react-dom are peers)',
    path: 'packages/comments-widget/dist/index.js',
    ignore: [
      'react',
      'react-dom',
      'react/jsx-runtime'
    ],
    // 24 KB until the npm build became one file per module (so that an app importing one helper bundles only that
    // helper): bundling the whole widget from 70 modules instead of one chunk costs 0.3 to 0.45 KB here, measured
    // with both builds side by side (README, "Using the comment widget from npm"). 24.5 KB until 2026-11-29, when
    // moderation (held and banned marks, the ban notice, the client's moderation calls: +0.6 KB) and languages (the
    // English catalogue with its keys, t(), plurals and times through Intl: +1.5 KB; the other six languages are
    // chunks of their own, not counted) took it from 24.49 to 26.59 KB.
    limit: '27 KB',
    gzip: true,
    modifyEsbuildConfig: beforeLazyChunks,
  },
  {
    name: 'embed loader (/embed.js)',
    path: 'packages/comments-widget/dist/embed/loader.js',
    limit: '2 KB',
    gzip: true
  },
  {
    name: 'embed comment-count script (/embed/count.js)',
    path: 'packages/comments-widget/dist/embed/count.js',
    limit: '1 KB',
    gzip: true
  },
  {
    name: 'embed iframe app before lazy chunks (/embed/frame.js: Preact, widget, client on fetch, zustand)',
    path: 'packages/comments-widget/dist/embed/frame.js',
    // 30 KB until 2026-11-29: languages took the frame from 29.65 to 31.19 KB (the English catalogue, t(), plurals
    // and times through Intl; other languages load on demand and are not counted).
    limit: '31.5 KB',
    gzip: true,
    modifyEsbuildConfig: beforeLazyChunks,
  },
  {
    name: 'embed iframe CSS (inlined in the frame page)',
    path: 'packages/comments-widget/dist/embed/frame.css',
    limit: '6 KB',
    gzip: true
  },
  {
    name: 'site home route JavaScript (entry and its modulepreloads; lazy routes excluded)',
    path: homeFiles,
    // 120 KB until 2026-11-29, when the site's numbers and ages went through Intl (lib/format.ts: compact notation,
    // narrow units, relative time) in place of hand-written ones: +0.12 KB, 119.95 -> 120.07 KB measured on the same
    // tree with and without the change.
    limit: '120.2 KB',
    gzip: true,
    modifyEsbuildConfig: (config) => ({ ...config, bundle: false }),
  },
];

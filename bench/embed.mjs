#!/usr/bin/env node
// `npm run bench -- embed`: the embed on a third-party page in Chromium (cold cache, loopback): ms from the loader's
// request, and from the host page's navigation start, to the paint of the first server-rendered comment in the frame
// (Element Timing of its text, converted to the host page's clock). Budget 300 ms (median) for each. Prints each
// load's steps, the medians, all samples and the load.
// Runs the measuring test of e2e/embed.test.mjs (its own Guffaw server and example host), EMBED_SAMPLES loads (5).
// Needs a build (`npm run build`).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = spawnSync(process.execPath, ['--test', '--test-reporter=spec', '--test-name-pattern=time from loader start', 'e2e/embed.test.mjs'], {
  cwd: root,
  env: { ...process.env, EMBED_SAMPLES: process.env.EMBED_SAMPLES || '5', EMBED_ASSERT: '1' },
  stdio: 'inherit',
});
process.exit(run.status ?? 1);

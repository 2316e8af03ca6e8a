#!/usr/bin/env node
// `npm run bench`: every benchmark of the repo in turn, each printing its own figures. Pass names to run some:
//   npm run bench -- comments feeds
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const all = [
  ['comments', 'comments.mjs', 'comment service: hello-world baseline, visitor list, authenticated list, add-comment, 10k thread'],
  ['feeds', 'feeds.mjs', 'feeds on 100,000 posts: every list call (visitor uncached, member, cached), p95 against 50 ms'],
  ['widget', 'widget-render.mjs', 'comments widget: render 500 comments, switch sort'],
  ['embed', 'embed.mjs', 'embed on a third-party page: loader start to first comment painted, in Chromium'],
  ['lighthouse', 'lighthouse.mjs', 'Lighthouse performance (default mobile run, simulated throttling) on the home feed and a post page of each type, in Chromium (score, LCP, TBT, CLS, FCP, Speed Index; target 90)'],
  ['ads-cls', 'ads-cls.mjs', 'layout shift on the home feed with ads on: Lighthouse mobile and desktop, and scrolling through inline ads at 1506/1280/390 px (budget 0.1)'],
  ['scale-out', 'scale-out.mjs', 'three instances behind nginx on PostgreSQL, Redis and S3 (s3rver); one killed at 20 s and started at 40 s, under a mixed load of 60 s'],
  ['post-lcp', 'post-lcp.mjs', 'Lighthouse LCP of a photo and an animated post page, mobile emulation, in Chromium (budget 2.5 s)'],
];
const wanted = process.argv.slice(2);
let failed = false;
for (const [name, file, what] of all) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  if (!existsSync(here + file)) {
    console.log(`\n== ${name}: bench/${file} is not there yet, skipped`);
    continue;
  }
  console.log(`\n== ${name}: ${what}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', here + file], { stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

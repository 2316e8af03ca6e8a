#!/usr/bin/env node
// Compares two `npm run bench:feeds` outputs list by list (issue #24: 1,000,000 posts against 100,000):
//
//   node bench/feeds-compare.mjs 100k.log 1m.log [--limit 1.5]
//
// For each list and variant: p95 in both runs and their ratio, the ratio of the p95s as multiples of each run's own
// hello-world baseline (the machine's load taken out: a shared machine's load moves every p95 alike), and the server's
// CPU per request in both. A list is over when both its raw and its load-normalised ratio exceed --limit.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: opts, positionals } = parseArgs({ options: { limit: { type: 'string', default: '1.5' } }, allowPositionals: true });
if (positionals.length !== 2) throw new Error('usage: node bench/feeds-compare.mjs BEFORE.log AFTER.log [--limit 1.5]');
const limit = Number(opts.limit);
const VARIANTS = ['visitor', 'member', 'cached'];

/** The table bench/feeds.mjs prints: list -> { base, visitor: {p95, x, cpu}, ... }, plus the posts and load. */
function parse(file) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('list ') && l.includes('base p95'));
  if (start < 0) throw new Error(`${file}: no result table (did the run finish?)`);
  const rows = new Map();
  for (const line of lines.slice(start + 1)) {
    if (!line.trim()) break;
    const name = line.slice(0, 28).trim();
    const cells = line.slice(28);
    const base = Number(/^\s*([\d.]+) ms/.exec(cells)?.[1]);
    const row = { base };
    const rest = cells.slice(9);
    VARIANTS.forEach((variant, i) => {
      const cell = rest.slice(i * 30, i * 30 + 30);
      const m = /([\d.]+) ms\s+([\d.]+)x\s+([\d.]+)/.exec(cell);
      if (m) row[variant] = { p95: Number(m[1]), x: Number(m[2]), cpu: Number(m[3]) };
    });
    rows.set(name, row);
  }
  const posts = /generated (\d+) posts|reusing (\d+) generated/.exec(text);
  const baseline = /hello-world baseline \(GET \/healthz\).*?p95 median ([\d.]+) ms/.exec(text)?.[1];
  const load = /load average before: ([\d. ]+)/.exec(text)?.[1]?.trim();
  return { rows, posts: Number(posts?.[1] ?? posts?.[2]), baseline: Number(baseline), load };
}

const [a, b] = positionals.map(parse);
console.log(`before: ${a.posts} posts, hello-world p95 median ${a.baseline} ms, load before ${a.load}`);
console.log(`after:  ${b.posts} posts, hello-world p95 median ${b.baseline} ms, load before ${b.load}\n`);
console.log(`${'list'.padEnd(24)}${'variant'.padEnd(9)}${'p95 before'.padStart(11)}${'p95 after'.padStart(11)}${'ratio'.padStart(8)}${'normalised'.padStart(12)}${'CPU ms'.padStart(16)}  verdict`);
let over = 0;
let count = 0;
const worst = [];
for (const [name, before] of a.rows) {
  const after = b.rows.get(name.replace(/tag\d+/, (t) => t)) ?? [...b.rows].find(([n]) => n.replace(/tag\d+/, 'tag') === name.replace(/tag\d+/, 'tag'))?.[1];
  if (!after) continue;
  for (const variant of VARIANTS) {
    const x = before[variant];
    const y = after[variant];
    if (!x || !y) continue;
    count++;
    const ratio = y.p95 / x.p95;
    const normalised = y.x / x.x;
    const isOver = ratio > limit && normalised > limit;
    if (isOver) over++;
    worst.push({ name, variant, normalised });
    console.log(
      `${name.padEnd(24)}${variant.padEnd(9)}${`${x.p95.toFixed(1)} ms`.padStart(11)}${`${y.p95.toFixed(1)} ms`.padStart(11)}${`${ratio.toFixed(2)}x`.padStart(8)}` +
        `${`${normalised.toFixed(2)}x`.padStart(12)}${`${x.cpu.toFixed(2)} -> ${y.cpu.toFixed(2)}`.padStart(16)}  ${isOver ? 'OVER' : 'ok'}`,
    );
  }
}
worst.sort((p, q) => q.normalised - p.normalised);
console.log(`\n${over === 0 ? 'PASS' : 'OVER'}: ${count - over} of ${count} list measurements within ${limit}x of the ${a.posts}-post run (raw or load-normalised p95)` +
  (worst[0] ? `; highest normalised ${worst[0].normalised.toFixed(2)}x (${worst[0].name}, ${worst[0].variant})` : ''));

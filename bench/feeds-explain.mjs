#!/usr/bin/env node
// Profiles the list calls on a generated database: every SQL statement each list runs, its time, and with --explain
// its EXPLAIN ANALYZE plan. Runs the app in-process on the DATA_DIR that bench/feeds.mjs --data-dir filled.
//
//   DATA_DIR=/tmp/feeds-100k node --import tsx bench/feeds-explain.mjs [--explain] [--repeat 5] [--only home]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite, types } from '@electric-sql/pglite';
import { buildApp } from '../packages/server/src/app.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { CamelCasePlugin, Kysely, migrateToLatest } from '../packages/server/src/db/index.ts';
import { PGliteDialect } from '../packages/server/src/db/pglite-dialect.ts';

const { values: opts } = parseArgs({
  options: { explain: { type: 'boolean', default: false }, repeat: { type: 'string', default: '5' }, only: { type: 'string' } },
});
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('set DATA_DIR to a directory filled by bench/feeds.mjs --data-dir');
const generated = JSON.parse(readFileSync(join(dataDir, 'bench-feeds.json'), 'utf8'));

const pglite = await PGlite.create(join(dataDir, 'db'), { parsers: { [types.INT8]: (v) => Number(v) } });
let statements = null;
const db = new Kysely({
  dialect: new PGliteDialect({ pglite }),
  plugins: [new CamelCasePlugin()],
  log: (event) => statements?.push({ sql: event.query.sql, parameters: event.query.parameters, ms: event.queryDurationMillis }),
});
await migrateToLatest(db);
const app = await buildApp({ config: testConfig({ dataDir }), db });

const member = { cookie: generated.memberCookie };
const lists = [
  ['home', '/v1/feed-posts/type/home'],
  ['fresh', '/v1/feed-posts/type/fresh/timeframe/recent'],
  ['trending', '/v1/feed-posts/type/trending'],
  ['top-week', '/v1/feed-posts/type/top/timeframe/week'],
  ['top-year', '/v1/feed-posts/type/top/timeframe/year'],
  ['tag', `/v1/tag-posts/tag/${generated.topTag}/type/hot`],
  ['tag-fresh', `/v1/tag-posts/tag/${generated.topTag}/type/fresh`],
  ['interest', '/v1/interest-posts/interest/funny/type/hot'],
  ['search', '/v1/search-posts?query=frog'],
  ['user', '/v1/user-posts/username/creator10/type/posts'],
  ['forum', '/v1/feed-posts/type/forum'],
  ['foryou', '/v1/feed-posts/type/fresh'],
  ['news', '/v1/group-posts/type/news'],
  ['comments', `/v1/user-posts/username/${generated.profile}/type/comments`],
  ['collection', `/v1/collection-posts?id=${generated.collectionId}`],
  ['related-posts', `/v1/related-posts?id=${generated.postId}`],
  ['related-articles', `/v1/related-articles?id=${generated.articleId}`],
];
const repeat = Number(opts.repeat);
for (const [name, path] of lists) {
  if (opts.only && !name.includes(opts.only)) continue;
  for (const who of ['visitor', 'member']) {
    for (const pageNo of [1, 5]) {
      let url = path;
      if (pageNo > 1) {
        let after = null;
        for (let i = 1; i < pageNo && (i === 1 || after); i++) {
          const res = await app.inject({ method: 'GET', url: url + (after ? `${url.includes('?') ? '&' : '?'}after=${after}` : '') });
          after = res.json().data.after;
        }
        if (!after) continue;
        url = `${path}${path.includes('?') ? '&' : '?'}after=${after}`;
      }
      let best = Infinity;
      let log = [];
      const cpuBefore = process.cpuUsage();
      for (let r = 0; r < repeat; r++) {
        statements = [];
        const started = performance.now();
        const res = await app.inject({ method: 'POST', url, headers: who === 'member' ? member : {}, payload: {} });
        const ms = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        if (ms < best) {
          best = ms;
          log = statements;
        }
      }
      const cpu = process.cpuUsage(cpuBefore);
      statements = null;
      const cpuMs = (cpu.user + cpu.system) / 1000 / repeat;
      console.log(`${name} ${who} page ${pageNo}: CPU ${cpuMs.toFixed(1)} ms/request; best ${best.toFixed(1)} ms (${log.map((s) => s.ms.toFixed(1)).join(' + ')})`);
      if (opts.explain) {
        for (const s of log) {
          if (s.ms < 1 || !/^\s*(with|select)/i.test(s.sql) || /^\s*select p.id, p.type,/.test(s.sql)) continue;
          const plan = await pglite.query(`explain (analyze, buffers off, costs off) ${s.sql}`, s.parameters);
          console.log(`  -- ${s.ms.toFixed(1)} ms: ${s.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
          for (const row of plan.rows) console.log(`     ${row['QUERY PLAN']}`);
        }
      }
    }
  }
}
await app.close();
await db.destroy();

#!/usr/bin/env node
// Profiles the list calls on a generated database: every SQL statement each list runs, its time, and with --explain
// its EXPLAIN ANALYZE plan. Runs the app in-process on the DATA_DIR that bench/feeds.mjs --data-dir filled.
//
//   DATA_DIR=/tmp/feeds-100k node --import tsx bench/feeds-explain.mjs [--explain] [--repeat 5] [--only home]
//   On PostgreSQL: npm run bench:feeds -- --posts 1000000 --data-dir /tmp/feeds-1m --keep (prints the kept database), then
//   DATA_DIR=/tmp/feeds-1m DATABASE_URL=postgres://.../guffaw_bench_x node --import tsx bench/feeds-explain.mjs --explain
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite, types } from '@electric-sql/pglite';
import { buildApp } from '../packages/server/src/app.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { CamelCasePlugin, Kysely, migrateToLatest, sql } from '../packages/server/src/db/index.ts';
import { SESSION_COOKIE } from '../packages/server/src/lib/session.ts';
import { createSession } from '../packages/server/src/modules/accounts/sessions.ts';

// kysely is the server's dependency (not hoisted to the root).
const serverRequire = createRequire(new URL('../packages/server/package.json', import.meta.url));
const { PostgresDialect } = await import(pathToFileURL(serverRequire.resolve('kysely')).href);
import { PGliteDialect } from '../packages/server/src/db/pglite-dialect.ts';

const { values: opts } = parseArgs({
  options: { explain: { type: 'boolean', default: false }, repeat: { type: 'string', default: '5' }, only: { type: 'string' } },
});
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('set DATA_DIR to a directory filled by bench/feeds.mjs --data-dir');

// DATABASE_URL (a database bench/feeds.mjs --keep left on PostgreSQL) or the PGlite database of DATA_DIR.
const databaseUrl = process.env.DATABASE_URL?.trim();
let pglite = null;
let pool = null;
if (databaseUrl) {
  const pg = (await import(pathToFileURL(serverRequire.resolve('pg')).href)).default;
  pg.types.setTypeParser(20, (v) => Number(v));
  pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
} else {
  pglite = await PGlite.create(join(dataDir, 'db'), { parsers: { [types.INT8]: (v) => Number(v) } });
}
const explainQuery = (text, parameters) => (pool ? pool.query(text, parameters) : pglite.query(text, parameters));
let statements = null;
const db = new Kysely({
  dialect: pool ? new PostgresDialect({ pool }) : new PGliteDialect({ pglite }),
  plugins: [new CamelCasePlugin()],
  log: (event) => statements?.push({ sql: event.query.sql, parameters: event.query.parameters, ms: event.queryDurationMillis }),
});
await migrateToLatest(db);
// What bench/feeds.mjs generated (its bench-feeds.json); a PostgreSQL database kept without one is read back.
const markerFile = join(dataDir, 'bench-feeds.json');
const generated = existsSync(markerFile) ? JSON.parse(readFileSync(markerFile, 'utf8')) : await recoverGenerated();

async function recoverGenerated() {
  const one = async (query) => (await sql.raw(query).execute(db)).rows[0];
  const member = await one(`select id from users where username = 'bench-member'`);
  return {
    memberCookie: `${SESSION_COOKIE}=${await createSession(db, member.id)}`,
    topTag: (await one(`select t.key from post_tags pt join tags t on t.id = pt.tag_id group by t.key order by count(*) desc limit 1`)).key,
    profile: 'creator10',
    postId: (await one(`select p.id from posts p where p.type = 'Photo' and (select count(*) from post_tags pt where pt.post_id = p.id) = 3 order by p.seq desc limit 1`))?.id,
    articleId: (await one(`select id from posts where type = 'Article' order by seq desc limit 1`))?.id,
    collectionId: 'benchcollect',
    publicUrl: (await one(`select substring(url from '^(.*)/gag/') as origin from comment_sections limit 1`))?.origin,
  };
}
// The PUBLIC_URL the data was generated with: the main app's thread keys (user comments) are made from it.
const app = await buildApp({ config: testConfig({ dataDir, ...(generated.publicUrl ? { publicUrl: generated.publicUrl } : {}) }), db });

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
          const plan = await explainQuery(`explain (analyze, buffers off, costs off) ${s.sql}`, s.parameters);
          console.log(`  -- ${s.ms.toFixed(1)} ms: ${s.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
          for (const row of plan.rows) console.log(`     ${row['QUERY PLAN']}`);
        }
      }
    }
  }
}
await app.close();
await db.destroy();

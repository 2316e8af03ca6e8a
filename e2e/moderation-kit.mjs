// Helpers of e2e/moderation.test.mjs: a Guffaw server the test can stop and start again on the same data (the embedded
// database takes one process at a time, so SQL runs between two starts), and a third-party host page that pastes the
// console's embed snippet and signs in its own users with the app's secret.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { root, startServer } from './harness.mjs';

/**
 * A Guffaw server on a DATA_DIR of this file (demo content seeded on the first start). restart() stops it and starts
 * it again on the same data (a new port: the harness picks one); sql(text) stops it, runs `text` on its embedded
 * database, and starts it again. `url` is the running server's; E2E_BASE_URL follows it for the harness's pages.
 */
export async function startGuffaw() {
  const dataDir = mkdtempSync(join(tmpdir(), 'guffaw-e2e-moderation-'));
  const env = { DATA_DIR: dataDir };
  let server = await startServer({ env });
  process.env.E2E_BASE_URL = server.url;
  const self = {
    dataDir,
    get url() {
      return server.url;
    },
    async restart() {
      await server.stop();
      server = await startServer({ env });
      process.env.E2E_BASE_URL = server.url;
    },
    async sql(text) {
      await server.stop();
      const script = `import { PGlite } from '@electric-sql/pglite';
        const db = await PGlite.create(${JSON.stringify(join(dataDir, 'db'))});
        const result = await db.query(${JSON.stringify(text)});
        console.log(JSON.stringify(result.affectedRows ?? result.rows.length));
        await db.close();`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: join(root, 'packages/server'), encoding: 'utf8' });
      assert.equal(run.status, 0, `SQL failed: ${run.stderr}`);
      server = await startServer({ env });
      process.env.E2E_BASE_URL = server.url;
      return Number(run.stdout.trim());
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return self;
}

/**
 * A blog on its own loopback origin (localhost, where Guffaw is 127.0.0.1) with its own users: `/{page}?as={name}`
 * serves the console's snippet for that page, signed in as the blog's user `name` (sub `blog-{name}`), or as a visitor
 * without `as`. `setApp({ appId, secret, snippet })` once the app is registered; `guffawUrl()` names the server now.
 */
export async function startBlog(guffawUrl) {
  let app = null;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (!app) {
      res.writeHead(503).end('no app yet');
      return;
    }
    const name = url.searchParams.get('as');
    const token = name
      ? await new SignJWT({ name }).setProtectedHeader({ alg: 'HS256' }).setSubject(`blog-${name}`).setAudience(app.appId)
        .setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(app.secret))
      : '';
    const snippet = app.snippet
      .replace(/data-url="[^"]*"/, `data-url="${self.url}${url.pathname}"`)
      .replace('data-auth="TOKEN"', token ? `data-auth="${token}"` : '')
      .replace(/src="[^"]*\/embed\.js"/, `src="${guffawUrl()}/embed.js"`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><title>A blog</title><meta name="viewport" content="width=device-width">`
      + '<style>body{margin:0;font:16px/1.5 system-ui}main{max-width:760px;margin:0 auto;padding:16px}</style></head>'
      + `<body><main><h1>A blog post</h1><p>${'The blog says something first. '.repeat(8)}</p>${snippet}`
      + '<footer><p>The blog\'s footer</p></footer></main></body></html>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const self = {
    url: `http://localhost:${server.address().port}`,
    setApp(given) {
      app = given;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
  return self;
}

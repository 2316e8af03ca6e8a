#!/usr/bin/env node
// `node e2e/run.mjs [filter ...]`: starts the built server once (temporary DATA_DIR, demo content), runs every
// e2e/*.test.mjs (or those whose name contains one of the filters; a filter may be a path, e2e/shell.test.mjs) with node:test, one file at a time, then stops the server
// and removes its data. Exits non-zero when a test fails; screenshots of failures are in e2e/artifacts/.
import { spawn } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { artifactsDir, root, startServer } from './harness.mjs';

const filters = process.argv.slice(2).map((f) => basename(f));
const dir = join(root, 'e2e');
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.test.mjs') && (filters.length === 0 || filters.some((f) => name.includes(f))))
  .sort()
  .map((name) => join(dir, name));
if (files.length === 0) {
  console.error(`e2e: no test file matches ${filters.join(', ')}`);
  process.exit(1);
}

rmSync(artifactsDir, { recursive: true, force: true });
console.log('e2e: starting the server (the first start seeds demo content) ...');
let server;
try {
  server = await startServer();
} catch (error) {
  console.error(`e2e: ${error.message}`);
  process.exit(1);
}
console.log(`e2e: server ready at ${server.url} in ${(server.readyInMs / 1000).toFixed(1)} s`);

const stopAndExit = async (code) => {
  await server.stop();
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopAndExit(130));

const code = await new Promise((resolve) => {
  // E2E_GREP: only the tests whose names match (node --test-name-pattern), for a run of one case.
  const grep = process.env.E2E_GREP ? [`--test-name-pattern=${process.env.E2E_GREP}`] : [];
  const child = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...grep, ...files], {
    cwd: root,
    env: { ...process.env, E2E_BASE_URL: server.url },
    stdio: 'inherit',
  });
  child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});
if (code !== 0) console.error(`e2e: failed; screenshots of failing tests are in ${artifactsDir}`);
await stopAndExit(code);

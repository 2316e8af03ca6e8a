#!/usr/bin/env node
// `npm start`: builds what is missing (first run on a fresh clone), then runs the server in this process.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The server imports @guffaw/api's build at runtime (a checkout from before that package has the other two).
const outputs = ['packages/api/dist/index.js', 'packages/server/dist/server.js', 'packages/site/dist/index.html'];
const missing = outputs.filter((file) => !existsSync(root + file));
if (missing.length > 0) {
  console.log(`building (missing: ${missing.join(', ')}) ...`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('guffaw: the build failed; see the output above');
    process.exit(1);
  }
}
await import(root + 'packages/server/dist/server.js');

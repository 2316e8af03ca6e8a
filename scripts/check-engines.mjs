#!/usr/bin/env node
// Fails when an installed package's `engines.node` excludes the Node version README promises ("Node >= X.Y"), or
// when the root package.json's `engines` says otherwise than README: `npm ci` would warn EBADENGINE on that Node.
// Reads every entry of package-lock.json that is installed (platform binaries of other systems are not).
//
//   node scripts/check-engines.mjs        (run by `npm run check:packages`)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

const root = new URL('..', import.meta.url).pathname;
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const promised = readme.match(/Node >= ?(\d+\.\d+(?:\.\d+)?)/);
if (!promised) {
  console.error('check-engines: README names no "Node >= X.Y" requirement');
  process.exit(1);
}
const node = semver.coerce(promised[1]).version;
const problems = [];

const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const rootRange = rootPackage.engines?.node;
if (!rootRange || semver.minVersion(rootRange)?.version !== node) {
  problems.push(`package.json engines.node is ${JSON.stringify(rootRange)}, README says Node >= ${promised[1]}`);
}

const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
let checked = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path.includes('node_modules/') || entry.link) continue;
  const manifest = join(root, path, 'package.json');
  if (!existsSync(manifest)) continue; // an optional package for another platform, not installed here
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  checked++;
  const range = pkg.engines?.node;
  if (typeof range !== 'string' || range.trim() === '' || range.trim() === '*') continue;
  if (!semver.validRange(range)) {
    problems.push(`${pkg.name}@${pkg.version} (${path}): engines.node ${JSON.stringify(range)} is not a version range`);
  } else if (!semver.satisfies(node, range, { includePrerelease: true })) {
    problems.push(`${pkg.name}@${pkg.version} (${path}) needs Node ${range}, README promises Node >= ${promised[1]}`);
  }
}

if (problems.length > 0) {
  console.error(`check-engines: ${problems.length} package(s) exclude Node ${node}:`);
  for (const p of problems) console.error(`  ${p}`);
  console.error('Pin a version whose engines include it (npm view PKG@VERSION engines), or an override for a dependency of a dependency.');
  process.exit(1);
}
console.log(`check-engines: ${checked} installed packages accept Node ${node}`);

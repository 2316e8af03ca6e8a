#!/usr/bin/env node
// Adds lock entries for platform-specific optional packages the registry mirror lacks, with their os/cpu/libc,
// so `npm ci` accepts the lock and skips them on this platform (as it would with the public registry).
import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const platform = (name) => {
  const m = name.match(/-(android|darwin|freebsd|linux|openbsd|openharmony|win32)-([a-z0-9]+)(?:-(gnu|musl|gnueabihf|musleabihf|msvc|eabi))?$/);
  if (!m) return null;
  const [, os, cpu, abi] = m;
  const entry = { os: [os], cpu: [cpu === 'arm' ? 'arm' : cpu] };
  if (abi === 'gnu' || abi === 'gnueabihf') entry.libc = ['glibc'];
  if (abi === 'musl' || abi === 'musleabihf') entry.libc = ['musl'];
  return entry;
};
let added = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    if (lock.packages[base] || lock.packages[`node_modules/${dep}`]) continue;
    const p = platform(dep);
    if (!p) continue;
    lock.packages[`node_modules/${dep}`] = { version, ...p, dev: pkg.dev, optional: true, license: 'MIT' };
    added++;
  }
}
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} entries`);

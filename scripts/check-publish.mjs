#!/usr/bin/env node
// Checks what `npm publish` would send of the two published packages, after `npm run build:packages`:
// - the tarball holds what a consumer imports and reads (dist, the sources the maps point at, README, LICENSE,
//   CHANGELOG) and nothing else: no server-side embed build, no tests, no stories;
// - every source and declaration map resolves to a file in the tarball;
// - `npm publish --dry-run` succeeds, with public access (scoped packages are private by default);
// - the ESM output tree-shakes: a bundle importing one small helper is small and holds none of the widget.
//
//   node scripts/check-publish.mjs        (run by `npm run check:packages`)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import nodeResolve from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';

const root = new URL('..', import.meta.url).pathname;
const problems = [];
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const PACKAGES = [
  { dir: 'packages/comments-client', must: ['dist/index.js', 'dist/index.d.ts', 'dist/index.js.map', 'dist/index.d.ts.map', 'src/index.ts'] },
  { dir: 'packages/comments-widget', must: ['dist/index.js', 'dist/index.d.ts', 'dist/index.js.map', 'dist/styles.css', 'src/index.ts'] },
];
const FORBIDDEN = [/^dist\/embed\//, /^src\/embed\//, /\.test\.tsx?$/, /\.stories\.tsx?$/, /^src\/test(-server\.ts|\/)/];

for (const { dir, must } of PACKAGES) {
  const cwd = join(root, dir);
  const [pack] = JSON.parse(npm(['pack', '--dry-run', '--json'], cwd));
  const files = new Set(pack.files.map((f) => f.path));
  for (const path of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', ...must]) {
    if (!files.has(path)) problems.push(`${pack.name}: the tarball lacks ${path}`);
  }
  for (const path of files) {
    if (FORBIDDEN.some((re) => re.test(path))) problems.push(`${pack.name}: the tarball holds ${path}, which no consumer imports`);
  }
  // Every map's sources are in the tarball (a debugger or "go to definition" lands on a file that is there).
  for (const path of files) {
    if (!path.endsWith('.map')) continue;
    const map = JSON.parse(readFileSync(join(cwd, path), 'utf8'));
    for (const source of map.sources ?? []) {
      const target = normalize(join(dirname(path), map.sourceRoot ?? '', source));
      if (!files.has(target)) problems.push(`${pack.name}: ${path} points at ${target}, which the tarball lacks`);
    }
  }
  // npm publish --dry-run: it succeeds, and publishes with public access (npm prints that on stderr).
  const publish = spawnSync('npm', ['publish', '--dry-run'], { cwd, encoding: 'utf8' });
  if (publish.status !== 0) problems.push(`${pack.name}: npm publish --dry-run failed: ${publish.stderr}`);
  else if (!/with tag \S+ and public access/.test(publish.stderr)) problems.push(`${pack.name}: npm publish --dry-run would not publish with public access`);
  console.log(`check-publish: ${pack.name}@${pack.version}: ${pack.entryCount} files, ${(pack.size / 1024).toFixed(1)} kB packed, ${(pack.unpackedSize / 1024).toFixed(1)} kB unpacked`);
}

// Tree-shaking, as a consumer's bundler sees the packages (resolved through the workspace's node_modules links).
const work = join(root, 'node_modules/.cache/check-publish');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const SHAKES = [
  { name: 'one helper of the widget', code: "import { abbreviate } from '@guffaw/comments-widget';\nconsole.log(abbreviate(Number(process.argv[2])));\n", max: 1024, absent: ['gfw-comment', 'createContext'] },
  { name: 'one helper of the client', code: "import { commentErrorCode } from '@guffaw/comments-client';\nconsole.log(commentErrorCode(process.argv[2]));\n", max: 1024, absent: ['listComments'] },
];
for (const { name, code, max, absent } of SHAKES) {
  const input = join(work, `${name.replace(/\W+/g, '-')}.js`);
  writeFileSync(input, code);
  const bundle = await rollup({ input, plugins: [nodeResolve()], external: (id) => /^(react|react-dom|zustand|ky)(\/|$)/.test(id), onwarn: () => undefined });
  const [{ code: out }] = (await bundle.generate({ format: 'es' })).output;
  await bundle.close();
  const bytes = Buffer.byteLength(out);
  if (bytes > max) problems.push(`tree-shaking: ${name} bundles to ${bytes} bytes (at most ${max})`);
  for (const word of absent) if (out.includes(word)) problems.push(`tree-shaking: ${name} pulls in ${word}`);
  console.log(`check-publish: ${name}: ${bytes} bytes bundled`);
}
rmSync(work, { recursive: true, force: true });

if (problems.length > 0) {
  console.error(`check-publish: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('check-publish: both packages are ready to publish');

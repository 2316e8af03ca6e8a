import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No source or test file in the packages over 400 lines (issue #19): a file that long holds more than one idea.
 * Seed data and migrations are the exceptions, being data written down rather than code to read.
 */
const LIMIT = 400;
const packages = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const EXEMPT = ['server/src/seed/', 'server/src/db/migrations/'];

function files(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') files(path, out);
    } else if (/\.(ts|tsx|mjs)$/.test(entry.name)) {
      out.push(path);
    }
  }
  return out;
}

/** Lines as `wc -l` counts them: a last line without a newline still counts. */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

const checked = readdirSync(packages, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .flatMap((e) => ['src', 'test'].flatMap((part) => {
    try {
      return files(join(packages, e.name, part));
    } catch {
      return [];
    }
  }))
  .map((path) => relative(packages, path))
  .filter((path) => !EXEMPT.some((prefix) => path.startsWith(prefix)));

describe('file size', () => {
  it('finds the files it checks', () => {
    expect(checked.length).toBeGreaterThan(100);
    expect(checked).toContain('server/src/app.ts');
  });

  it(`keeps every file in packages/*/src and packages/*/test to ${LIMIT} lines`, () => {
    const offenders = checked
      .map((path) => ({ path, lines: lineCount(readFileSync(join(packages, path), 'utf8')) }))
      .filter((f) => f.lines > LIMIT)
      .map((f) => `packages/${f.path} (${f.lines} lines)`);
    expect(offenders).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles, specifiers, tablesOf } from '../../test/source-scan.js';

/**
 * lib/ is the platform (issue #19): cookies and tokens, rate limits, the bus, media, mail, proof-of-work challenges.
 * It knows no domain: its source imports no module of src/modules/, and its SQL names no table (what it stores goes
 * through a store a module implements, as the used proofs do). Tests are left out.
 */
const here = fileURLToPath(new URL('.', import.meta.url));
const modulesDir = join(here, '..', 'modules');
const files = sourceFiles(here);

describe('lib/ boundaries', () => {
  it('finds the platform source', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('imports no module', () => {
    const crossings: string[] = [];
    for (const file of files) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        if (!relative(modulesDir, join(file, '..', spec)).startsWith('..')) crossings.push(`${relative(here, file)} -> ${spec}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('names no table in its SQL', () => {
    const tables = files.flatMap((file) => tablesOf(readFileSync(file, 'utf8')).map((table) => `${relative(here, file)}: ${table}`));
    expect(tables).toEqual([]);
  });

  it('would see an import of a module and a table (the checks are not blind)', () => {
    const file = join(here, 'session.ts');
    expect(relative(modulesDir, join(file, '..', '../modules/accounts/session-repo.js')).startsWith('..')).toBe(false);
    expect(relative(modulesDir, join(file, '..', './pubsub.js')).startsWith('..')).toBe(true);
    expect(tablesOf("db.insertInto('usedProofs').values(row)")).toEqual(['usedProofs']);
  });
});

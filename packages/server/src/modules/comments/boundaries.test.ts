import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles, specifiers, tablesOf } from '../../../test/source-scan.js';

/**
 * The comment module stands alone (README "Boundaries"): its source imports no other server module (what it needs of
 * the main site comes through the host port, what it tells goes out through hooks and events, both wired in app.ts),
 * and its SQL names only its own tables. Test code (*.test.ts, test-kit.ts, which mounts the threads routes beside
 * the service as app.ts does) is left out.
 */
const here = fileURLToPath(new URL('.', import.meta.url));
const modulesDir = join(here, '..');

const files = sourceFiles(here, ['test-kit.ts']);

/** The tables of this module (db/schema/comments.ts and its migrations): comments and comment_*. */
const owned = (table: string) => /^(comments|comment_[a-z_]+|comment[A-Z][A-Za-z]+)$/.test(table);

describe('comment module boundaries', () => {
  it('finds the module source', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('imports no other server module', () => {
    const crossings: string[] = [];
    for (const file of files) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const target = relative(modulesDir, join(file, '..', spec));
        if (!target.startsWith('..') && !target.startsWith('comments/')) crossings.push(`${relative(here, file)} -> ${spec}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('names no table it does not own in its SQL', () => {
    const foreign: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const ctes = new Set([...text.matchAll(/\bwith\s+([a-z_]+)\s+as\s*\(|,\s*([a-z_]+)\s+as\s*\(|\.with\(\s*'([a-z_]+)'/gi)].map((m) => (m[1] ?? m[2] ?? m[3] ?? '').toLowerCase()));
      for (const table of tablesOf(text)) if (!owned(table) && !ctes.has(table.toLowerCase())) foreign.push(`${relative(here, file)}: ${table}`);
    }
    expect(foreign).toEqual([]);
  });

  it('would see a foreign import and a foreign table (the checks are not blind)', () => {
    expect(specifiers("import { x } from '../notifications/producers.js';")).toEqual(['../notifications/producers.js']);
    expect(tablesOf("db.selectFrom('users').innerJoin('posts', 'a', 'b')")).toEqual(['users', 'posts']);
    expect(tablesOf('await sql`select 1 from post_blocks pb join user_blocks b on true`.execute(db)')).toEqual(['post_blocks', 'user_blocks']);
    expect(tablesOf('sql`select extract(epoch from created_at) from users for update skip locked`')).toEqual(['users']);
    expect(owned('notifications')).toBe(false);
    expect(owned('comment_users')).toBe(true);
  });
});

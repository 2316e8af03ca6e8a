import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the boundary tests read of source files (modules/comments/boundaries.test.ts, lib/boundaries.test.ts): the
 * files of a folder, the modules they import, and the tables their SQL names.
 */

/** The .ts files under `dir`, tests and the names `skip` lists left out. */
export function sourceFiles(dir: string, skip: readonly string[] = []): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path, skip);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !skip.includes(e.name) ? [path] : [];
  });
}

/** Module specifiers of import and export-from statements (static and dynamic). */
export const specifiers = (text: string) =>
  [...text.matchAll(/(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|^import\s+'([^']+)'/gm)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');

/** Table names a statement reads or writes: Kysely's builders and raw SQL's from/join/into/update. */
export function tablesOf(text: string): string[] {
  const names = [
    ...[...text.matchAll(/\.(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto)\(\s*'([A-Za-z_]+)/g)].map((m) => m[1] as string),
    ...[...text.matchAll(/sql(?:<[^>`]*>)?`([^`]*)`/g)].flatMap((m) =>
      [...(m[1] as string).matchAll(/(?<!epoch\s+)\b(?:from|join|into|update)\s+([a-z_][a-z0-9_]*)\b/gi)].map((x) => x[1] as string),
    ),
  ];
  // Words after FROM/UPDATE that are not tables: set-returning functions and SQL keywords (`do update set`, `for update skip locked`).
  const notTables = new Set(['unnest', 'jsonb_array_elements', 'jsonb_to_recordset', 'generate_series', 'excluded', 'select', 'lateral', 'set', 'skip', 'nowait', 'of']);
  return names.filter((n) => !notTables.has(n.toLowerCase()));
}

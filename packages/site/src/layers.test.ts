import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test/source-files';

/**
 * The site's layers, read from its imports (static, type-only and dynamic alike: a lazy import is still a dependency):
 * - foundation (`lib/`, `router/`, `theme/`, `user/`, `config.ts`): the API client, routing, theme and session every
 *   part reads;
 * - `ui/`: shared UI that features use (toasts, modals and the guest gate, dialog, menus, icons, shortcuts, page title);
 *   it imports only itself and the foundation;
 * - features (every other folder): they import the foundation, `ui/` and each other, never `shell/`;
 * - `shell/`: the layout that composes features (top bar, drawer, built-in modals, startup), imported by the app only.
 * Tests and stories may compose any of these and are left out, as in the server's import-cycles.test.ts.
 */
const src = dirname(fileURLToPath(import.meta.url));
/** Imports name a module without its extension: `config` is config.ts. */
const FOUNDATION = new Set(['lib', 'router', 'theme', 'user', 'config']);
/** Not a feature: the layers above, the test helpers, and the entry files at the root (app, routes, main, entry-server). */
const NOT_FEATURES = new Set([...FOUNDATION, 'ui', 'shell', 'test']);


/** Relative module specifiers of import and export-from statements, static and dynamic. */
const specifiers = (text: string) =>
  [...text.matchAll(/(?:import|export)\s[^;]*?from\s+'(\.[^']*)'|import\(\s*'(\.[^']*)'\s*\)|^import\s+'(\.[^']*)'/gm)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );

/** The first segment of a path under src/: the folder a file belongs to, or the file's own name at the root. */
const layerOf = (path: string) => path.split('/')[0] ?? '';

/** `from` (a path under src/) may import `to`: the layer rules above. */
function allowed(from: string, to: string): boolean {
  const source = layerOf(from);
  const target = layerOf(to);
  if (from.split('/').length === 1) return true;
  if (source === 'ui') return target === 'ui' || FOUNDATION.has(target);
  if (!NOT_FEATURES.has(source)) return target !== 'shell';
  return true;
}

/** Every import that breaks the rules, as `importer -> imported` (paths under src/, imports resolved to their target). */
function layerViolations(imports: ReadonlyMap<string, readonly string[]>): string[] {
  const out: string[] = [];
  for (const [from, targets] of imports) {
    for (const to of targets) if (!allowed(from, to)) out.push(`${from} -> ${to}`);
  }
  return out.sort();
}

function readImports(): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const targets = specifiers(readFileSync(file, 'utf8')).map((spec) => relative(src, resolve(dirname(file), spec)));
    imports.set(relative(src, file), targets);
  }
  return imports;
}

describe('site layers', () => {
  it('names a feature importing the shell and shared UI importing a feature or the shell', () => {
    const imports = new Map([
      ['feed/feed-list.tsx', ['shell/shortcuts/post-shortcuts', 'ui/toasts', 'lib/api', 'post/post-page']],
      ['ui/modals/gate.ts', ['user/user-store', 'ui/modals/modal-store', 'referral/partner-referral-modal', 'shell/top-bar']],
      ['shell/shell/shell.tsx', ['feed/list-parts', 'ui/dialog']],
      ['app.tsx', ['shell/shell']],
    ]);
    expect(layerViolations(imports)).toEqual([
      'feed/feed-list.tsx -> shell/shortcuts/post-shortcuts',
      'ui/modals/gate.ts -> referral/partner-referral-modal',
      'ui/modals/gate.ts -> shell/top-bar',
    ]);
  });

  it('reads the imports of the site', () => {
    const imports = readImports();
    expect(imports.get('app.tsx')).toContain('routes');
    expect(imports.get('routes.tsx')?.length).toBeGreaterThan(3);
  });

  it('has no feature importing the shell, and shared UI imports only itself and the foundation', () => {
    expect(layerViolations(readImports())).toEqual([]);
  });
});

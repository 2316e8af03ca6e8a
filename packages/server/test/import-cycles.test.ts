import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No import loops in the packages' sources: a module never reaches itself through static imports (type-only ones
 * included: a loop of types is still two files that cannot be understood one without the other). Dynamic imports are
 * the way to load a part later and do not count. Tests and stories are left out.
 */
const packages = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CHECKED = ['server/src', 'site/src', 'comments-client/src', 'comments-widget/src', 'test-utils/src'];

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') sources(path, out);
    } else if (/\.tsx?$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

const STATIC_IMPORT = /^(?:import|export)\s+[^'"]*?\sfrom\s+['"](\.[^'"]+)['"]/gm;

/** The loops (strongly connected components of more than one file) among `files`. */
function importLoops(files: string[]): string[][] {
  const known = new Set(files);
  const resolveImport = (from: string, spec: string) => {
    const base = resolve(dirname(from), spec).replace(/\.js$/, '');
    return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) => known.has(c));
  };
  const edges = new Map(files.map((f) => [f, [...readFileSync(f, 'utf8').matchAll(STATIC_IMPORT)].flatMap((m) => resolveImport(f, m[1] ?? '') ?? [])]));
  // Tarjan's algorithm.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(relative(packages, w));
      } while (w !== v);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return loops;
}

describe('import loops', () => {
  it('finds a loop when there is one', () => {
    const dir = resolve(packages, 'server/test/fixtures/import-loop');
    expect(importLoops(sources(dir))).toEqual([['server/test/fixtures/import-loop/a.ts', 'server/test/fixtures/import-loop/b.ts']]);
  });

  for (const dir of CHECKED) {
    it(`has none in packages/${dir}`, () => {
      expect(importLoops(sources(resolve(packages, dir)))).toEqual([]);
    });
  }
});

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every TypeScript file under `dir` (declaration files left out), for the tests that read the site's source: its
 * layers, its endpoint paths, its contract types. Tests and stories are left out unless `withTests`.
 */
export function sourceFiles(dir: string, { withTests = false } = {}): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts') && (withTests || !/\.(test|stories)\.tsx?$/.test(name))) out.push(path);
    }
  };
  walk(dir);
  return out;
}

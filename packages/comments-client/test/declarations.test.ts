import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The type declarations the published packages ship (as `npm run build:packages` emits them from tsconfig.build.json)
 * are read by consumers in their editors: their doc comments must stand alone, without the repository's spec
 * (a `comments.md` or `posts-and-feeds.md` section the consumer does not have).
 */
function declarations(pkg: string): Map<string, string> {
  // The package's folder found by its name, as a consumer's tools find it.
  const config = join(dirname(createRequire(import.meta.url).resolve(`@guffaw/${pkg}/package.json`)), 'tsconfig.build.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(config, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(String(d.messageText)); } });
  if (!parsed) throw new Error(`cannot read ${config}`);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: false, declaration: true, emitDeclarationOnly: true } });
  const files = new Map<string, string>();
  program.emit(undefined, (name, text) => files.set(name, text), undefined, true);
  return files;
}

describe('shipped declarations', () => {
  for (const pkg of ['comments-client', 'comments-widget']) {
    it(`${pkg}: doc comments cite no spec file the consumer lacks`, () => {
      const files = declarations(pkg);
      expect(files.size).toBeGreaterThan(3);
      const citing = [...files].flatMap(([name, text]) =>
        text.split('\n').filter((line) => /\b[\w-]+\.md\b|§/.test(line)).map((line) => `${name.replace(/.*\/dist\//, '')}: ${line.trim()}`));
      expect(citing).toEqual([]);
    }, 60_000);
  }
});

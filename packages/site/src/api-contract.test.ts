import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contract from '@guffaw/api';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test/source-files';

/**
 * The main API's wire types exist once, in @guffaw/api (issue #19): the site imports them as types and never declares
 * one again. A site file may re-export a contract type under its own name (`export type { ListPage as ListReply }`);
 * that name is the contract's too.
 */
const src = dirname(fileURLToPath(import.meta.url));

const files = sourceFiles(src, { withTests: true }).map((path) => ({ file: relative(src, path), text: readFileSync(path, 'utf8') }));

/** Names of the contract's schemas and types (each schema's Static type carries its name), and the site's aliases of them. */
const contractNames = new Set(Object.keys(contract).filter((name) => /^[A-Z][a-z]/.test(name)));
for (const { text } of files) {
  for (const m of text.matchAll(/export\s+type\s*\{([^}]*)\}\s*from\s*'@guffaw\/api'/g)) {
    for (const alias of (m[1] ?? '').matchAll(/\bas\s+(\w+)/g)) contractNames.add(alias[1] ?? '');
  }
}

/** The names of a file's `type Name = ...` and `interface Name` declarations, anywhere in it. */
function declaredTypes(file: string, text: string): string[] {
  const names: string[] = [];
  // Parsed, not matched by line: `import {\n  type Post,\n} from ...` declares nothing.
  const visit = (node: ts.Node): void => {
    if (ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) names.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  return names;
}

/** Declarations of a contract name, as `file: Name`. */
const declaredContractTypes = (): string[] =>
  files.flatMap(({ file, text }) => declaredTypes(file, text).filter((name) => contractNames.has(name)).map((name) => `${file}: ${name}`)).sort();

/** Declarations still to move, as `file: Name`: none. The list only shrinks: an entry that is gone fails the test. */
const PENDING: string[] = [];

describe('the main API contract on the site', () => {
  it('knows the contract names it guards', () => {
    for (const name of ['Post', 'ListPage', 'ListReply', 'NotificationItem', 'UploadStatus', 'AdsSetup']) expect(contractNames).toContain(name);
  });

  it('reads declarations, not lines that look like them', () => {
    const probe = 'import {\n  type Post,\n  type ListPage,\n} from "@guffaw/api";\nexport function f(): void {\n  type Post = { id: string };\n}\n';
    expect(declaredTypes('probe.ts', probe)).toEqual(['Post']);
  });

  it('declares no wire type of the contract again', () => {
    expect(declaredContractTypes()).toEqual(PENDING);
  });
});

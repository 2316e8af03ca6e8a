import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../test/source-files';

/**
 * The site calls the main API only through lib/endpoints (one typed function per endpoint, each naming its path once):
 * outside it, no source names a main-API path, and none calls the generic client with a path of its own. Page routes
 * that share a path with an endpoint (`/login`, `/submit`) stay where they are; a request to them is what is caught.
 * Tests and stories may build any request and are left out; the comment service goes through @guffaw/comments-client.
 */
const src = join(dirname(fileURLToPath(import.meta.url)), '../..');
const ENDPOINTS_DIR = 'lib/endpoints/';

/** A string or template literal that opens with a path only the main API serves. */
const API_PATH = /['"`]\/(?:v1\/|logout\b|award\b|award-balance\b|report\b|member\/|connect\/|user-[a-z])/;
/** A request made with a path written in place: the generic client, fetch, a beacon, XHR, a URL, a form's action. */
const REQUEST_WITH_PATH =
  /\b(?:apiGet|apiPost|apiPostForm|apiPatch|apiDelete|fetch|sendBeacon|open)(?:<[^>]*>)?\(\s*(?:'[A-Z]+',\s*)?['"`]\/|\brequestEnvelope(?:<[^>]*>)?\(\s*'[A-Z]+',\s*['"`]\/|\bnew URL\(\s*['"`]\/|\baction=["'{`]+\//;
/** The generic client stays behind the endpoint functions. */
const GENERIC_CLIENT_IMPORT = /import\s*\{[^}]*\b(?:apiGet|apiPost|apiPostForm|apiPatch|apiDelete|requestEnvelope)\b[^}]*\}\s*from\s*'[./]*lib\/api'/;

/** Doc and line comments may name a path (`POST /report`); only code is read. */
const isComment = (line: string) => /^\s*(?:\/\/|\/\*|\*)/.test(line);

/** Each offending line of one file, as `path:line: text`. */
function endpointPathsIn(path: string, text: string): string[] {
  const out: string[] = [];
  if (GENERIC_CLIENT_IMPORT.test(text.replace(/\s+/g, ' '))) out.push(`${path}: imports the generic API client`);
  text.split('\n').forEach((line, index) => {
    if (!isComment(line) && (API_PATH.test(line) || REQUEST_WITH_PATH.test(line))) out.push(`${path}:${index + 1}: ${line.trim()}`);
  });
  return out;
}


function offenders(): string[] {
  return sourceFiles(src)
    .map((file) => relative(src, file).split('\\').join('/'))
    .filter((path) => !path.startsWith(ENDPOINTS_DIR) && !path.startsWith('test/') && path !== 'lib/api.ts')
    .flatMap((path) => endpointPathsIn(path, readFileSync(join(src, path), 'utf8')));
}

describe('main API paths', () => {
  it('names a main-API path or a request with a path of its own, and leaves page links and comments alone', () => {
    const sample = [
      "import { apiGet, errorMessage } from '../lib/api';",
      "const reply = await apiPostForm<ReportReply>('/report', { entryId, type });",
      "export const base = (appId: string) => `/v1/apps/${encodeURIComponent(appId)}`;",
      'const balance = apiGet("/award-balance");',
      "xhr.open('POST', '/submit');",
      '<form method="post" action="/login">',
      "  const reply = await requestEnvelope<{ ok: true }>('POST', '/anything', { json: {} });",
      "/** POST /v1/block-post form {type, id}. */",
      "  { name: 'login', path: '/login', component: lazy(() => import('./login-page')) },",
      "navigate('/submit', { replace: true });",
      "export const loginHref = (next: string) => `/login?${new URLSearchParams({ next })}`;",
      "import { errorMessage, isApiFailure } from '../lib/api';",
    ].join('\n');
    expect(endpointPathsIn('x.tsx', sample)).toEqual([
      'x.tsx: imports the generic API client',
      "x.tsx:2: const reply = await apiPostForm<ReportReply>('/report', { entryId, type });",
      'x.tsx:3: export const base = (appId: string) => `/v1/apps/${encodeURIComponent(appId)}`;',
      'x.tsx:4: const balance = apiGet("/award-balance");',
      "x.tsx:5: xhr.open('POST', '/submit');",
      'x.tsx:6: <form method="post" action="/login">',
      "x.tsx:7: const reply = await requestEnvelope<{ ok: true }>('POST', '/anything', { json: {} });",
    ]);
  });

  it('reads the site sources, lib/endpoints among them', () => {
    const files = sourceFiles(src).map((file) => relative(src, file).split('\\').join('/'));
    expect(files).toContain('lib/endpoints/lists.ts');
    expect(files).toContain('feed/post-store.ts');
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(false);
  });

  it('are named only in lib/endpoints: components and stores call its functions', () => {
    expect(offenders()).toEqual([]);
  });
});

import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FrameData } from '@guffaw/comments-client';

/** The embed build (rollup.config.mjs): loader.js, count.js, frame.js (+ frame-*.js chunks), frame.css, render.js. */
export const defaultEmbedDir = fileURLToPath(new URL('../../../../comments-widget/dist/embed', import.meta.url));

export type EmbedAsset = { body: Buffer; etag: string; version: string };
type RenderModule = { renderFrame(data: FrameData): string | Promise<string>; frameTitle(lang: string | undefined): string };

export class EmbedNotBuiltError extends Error {
  override readonly name = 'EmbedNotBuiltError';
}
export const isEmbedNotBuilt = (e: unknown): e is EmbedNotBuiltError =>
  typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'EmbedNotBuiltError';

/** Reads the built files once and again only when one changes on disk (a rebuild while the server runs). */
export function createEmbedAssets(dir: string) {
  const files = new Map<string, EmbedAsset & { mtimeMs: number }>();
  let render: { module: RenderModule; mtimeMs: number } | null = null;

  const mtimeOf = (path: string): number | null => {
    try {
      return statSync(path).mtimeMs;
    } catch {
      return null;
    }
  };

  /** A built file by name, or null when it is not there. */
  function file(name: string): EmbedAsset | null {
    const path = join(dir, name);
    const mtimeMs = mtimeOf(path);
    if (mtimeMs === null) return null;
    const cached = files.get(name);
    if (cached && cached.mtimeMs === mtimeMs) return cached;
    const body = readFileSync(path);
    const version = createHash('sha256').update(body).digest('base64url').slice(0, 16);
    const entry = { body, etag: `"${version}"`, version, mtimeMs };
    files.set(name, entry);
    return entry;
  }

  async function renderer(): Promise<RenderModule> {
    const path = join(dir, 'render.js');
    const mtimeMs = mtimeOf(path);
    if (mtimeMs === null) throw new EmbedNotBuiltError('The embed is not built yet: run `npm run build:packages`.');
    if (!render || render.mtimeMs !== mtimeMs) {
      render = { module: (await import(`${pathToFileURL(path).href}?v=${mtimeMs}`)) as RenderModule, mtimeMs };
    }
    return render.module;
  }

  return { file, renderer };
}

export type EmbedAssets = ReturnType<typeof createEmbedAssets>;

/**
 * The chunks a built module imports statically (`import{…}from"./frame-….js"`, not `import("./…")`): the frame app
 * lives in a hashed chunk that frame.js imports, and the page preloads it beside frame.js, or the browser would only
 * ask for it once frame.js had arrived and been parsed.
 */
export function staticChunks(body: Buffer): string[] {
  return [...new Set([...body.toString('utf8').matchAll(/(?:from|import)\s*"\.\/(frame-[\w-]+\.js)"/g)].map((m) => m[1]!))];
}

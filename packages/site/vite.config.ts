import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Brotli and gzip twins of every script, style and SVG in dist/assets, made once at build time: the server sends
 * them as they are to browsers that accept them (`preCompressed` in server modules/site/routes.ts). Lighthouse on
 * the home feed: the uncompressed scripts cost about 1.3 s of a phone's first paint.
 */
function precompress(): Plugin {
  return {
    name: 'guffaw-precompress',
    apply: 'build',
    closeBundle() {
      const dir = join(import.meta.dirname, 'dist', 'assets');
      let files: string[];
      try {
        files = readdirSync(dir);
      } catch {
        return;
      }
      for (const file of files) {
        if (!/\.(js|css|svg)$/.test(file)) continue;
        const body = readFileSync(join(dir, file));
        if (body.length < 1024) continue;
        writeFileSync(join(dir, `${file}.br`), brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(join(dir, `${file}.gz`), gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * CSS module class names: the class and a hash of its stylesheet (`mask_3f9a2`), the same in the client and server
 * builds. Vite's default adds the line number, which every class name in the scripts carries for nothing: about
 * 0.5 KB of the home route's gzipped JavaScript.
 */
const scopedName = (name: string, _file: string, css: string): string =>
  `${name}_${createHash('sha256').update(css).digest('hex').slice(0, 5)}`;

/**
 * The server serves dist/index.html for page routes and dist/assets/* at /assets/ (server modules/site/routes.ts).
 * `vite build --ssr src/entry-server.tsx` writes the server rendering entry to dist/server/; the client build's
 * manifest (dist/.vite/manifest.json) tells the server which chunk and CSS a server-rendered page needs.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  css: { modules: { generateScopedName: scopedName } },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, target: 'node20', sourcemap: false, copyPublicDir: false }
    : { outDir: 'dist', assetsDir: 'assets', emptyOutDir: true, target: 'es2022', sourcemap: false, manifest: true },
  // The server entry bundles its dependencies (one React for react-dom/server, zustand and the widget, whose CSS
  // imports are dropped) in React's production mode, whatever NODE_ENV the server runs with.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    // `npm run dev -w @guffaw/site` talks to a server started with `npm run dev` on port 3000.
    proxy: Object.fromEntries(
      ['/v1', '/comments', '/media', '/login', '/member', '/connect', '/healthz'].map((p) => [p, 'http://localhost:3000']),
    ),
  },
}));

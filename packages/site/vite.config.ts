import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The server serves dist/index.html for page routes and dist/assets/* at /assets/ (server modules/site/routes.ts).
 * `vite build --ssr src/entry-server.tsx` writes the server rendering entry to dist/server/; the client build's
 * manifest (dist/.vite/manifest.json) tells the server which chunk and CSS a server-rendered page needs.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [react()],
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

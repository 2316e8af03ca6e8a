import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server serves dist/index.html for page routes and dist/assets/* at /assets/ (server modules/site/routes.ts).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    // `npm run dev -w @guffaw/site` talks to a server started with `npm run dev` on port 3000.
    proxy: Object.fromEntries(
      ['/v1', '/comments', '/media', '/login', '/member', '/connect', '/healthz'].map((p) => [p, 'http://localhost:3000']),
    ),
  },
});

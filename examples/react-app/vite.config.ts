import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The comment service answers the app's allowed origins; during development the dev server proxies it instead.
const server = process.env.GUFFAW_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // The widget is installed from the repository by a `file:` link, so its own imports of react resolve from the
  // repository's node_modules: without dedupe the page would load two Reacts ("Invalid hook call", a blank page).
  // A widget installed from npm needs none of this.
  resolve: { dedupe: ['react', 'react-dom', 'zustand', '@guffaw/comments-client'] },
  server: { port: 5173, proxy: { '/comments': server, '/media': server } },
});

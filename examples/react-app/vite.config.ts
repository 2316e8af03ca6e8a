import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The comment service answers the app's allowed origins; during development the dev server proxies it instead.
const server = process.env.GUFFAW_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/comments': server, '/media': server } },
});

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run against the packages' sources, so a fresh clone needs no build before `vitest run`.
const alias = {
  '@guffaw/api': fileURLToPath(new URL('./packages/api/src/index.ts', import.meta.url)),
  '@guffaw/comments-client': fileURLToPath(new URL('./packages/comments-client/src/index.ts', import.meta.url)),
  // Subpaths before their package: the first matching alias wins, and the package's own would swallow a subpath.
  '@guffaw/comments-widget/styles.css': fileURLToPath(new URL('./packages/comments-widget/src/styles/styles.css', import.meta.url)),
  '@guffaw/comments-widget/moderation': fileURLToPath(new URL('./packages/comments-widget/src/components/moderation-queue/parts.ts', import.meta.url)),
  '@guffaw/comments-widget': fileURLToPath(new URL('./packages/comments-widget/src/index.ts', import.meta.url)),
  '@guffaw/test-utils/comments': fileURLToPath(new URL('./packages/test-utils/src/comments/index.ts', import.meta.url)),
  '@guffaw/test-utils/widget': fileURLToPath(new URL('./packages/test-utils/src/widget/index.ts', import.meta.url)),
  '@guffaw/test-utils/server': fileURLToPath(new URL('./packages/test-utils/src/server/index.ts', import.meta.url)),
  '@guffaw/test-utils': fileURLToPath(new URL('./packages/test-utils/src/index.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    passWithNoTests: true,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'comments-client',
          root: 'packages/comments-client',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'comments-widget',
          root: 'packages/comments-widget',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['../test-utils/src/setup-dom.ts', 'src/test/setup.ts'],
          // User-event flows, 500-comment stories and axe runs are slow on a shared 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'site',
          root: 'packages/site',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['../test-utils/src/setup-dom.ts'],
        },
      },
    ],
  },
});

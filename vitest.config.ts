import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    passWithNoTests: true,
    projects: [
      {
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
        test: {
          name: 'comments-widget',
          root: 'packages/comments-widget',
          // The client's package entry is its build; tests use its source so they run before any build.
          alias: { '@guffaw/comments-client': new URL('packages/comments-client/src/index.ts', import.meta.url).pathname },
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['../test-utils/src/setup-dom.ts'],
        },
      },
      {
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

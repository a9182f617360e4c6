import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // Vitest's default leaves a core free, which on a two-core machine is one file at a time; the tests
    // spend much of their time waiting on databases, clamd, browsers and the clock, so use every core.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./src/test/global-setup.ts'],
          // Each file builds its own app on its own database; what it imports (the app's modules, the
          // factories) is evaluated once per worker instead of once per file, which was a third of the time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // As on the server: each file renders its own app, and what it imports is evaluated once per
          // worker rather than once per file (the setup file resets what a file could leave behind).
          isolate: false,
          css: false,
          // Whole forms driven key by key take a few seconds on a busy two-core machine: slow, not stuck.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          // One server start migrates a data directory that every journey's server starts on a copy of.
          globalSetup: ['./support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

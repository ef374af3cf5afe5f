/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The worker's chunks keep the licences' comments and drop the bundler's own marks (`@__PURE__`) and JSDoc:
 * nothing bundles our output again, and the worker's first chunk has a budget (40 KB gzip; 0.4 KB of marks).
 * (The page's chunks keep theirs: without them they gzip 0.6 KB larger.)
 */
const SHIPPED_COMMENTS = { legal: true, annotation: false, jsdoc: false };

export default defineConfig({
  plugins: [react()],
  worker: {
    format: 'es',
    // Every module the worker's entry imports statically goes into its one first chunk. Without this,
    // modules it shares with a lazy chunk (the HTTP client, zod's core) become common chunks of their
    // own, fetched one after another before the worker can answer (and gzipped apart, larger).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'worker-first', tags: ['$initial'] }] }, comments: SHIPPED_COMMENTS },
    },
  },
  // Worker-only dependencies: pre-bundled up front, or the dev server reloads once when it meets them.
  optimizeDeps: { include: ['comlink', 'papaparse', 'zod/mini', 'zod/v4/locales/en.js'] },
  build: {
    target: 'es2022',
    sourcemap: true,
    // React's DOM renderer (and its scheduler) in a chunk of its own: the browser compiles each module
    // script in a task of its own when it arrives, and the one entry chunk with it took 35 ms (70 at
    // 2 x CPU) in one task at every start.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
  test: {
    // tests/unit: pure, in-process; tests/integration: the real server over HTTP, SQLite and PostgreSQL.
    // (tests/hardening has its own config; tests/e2e is Playwright's.)
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // The files of a worker share one module graph (each is not loaded again per file): no test file
    // changes the environment, fakes timers or leaves a mock, and the servers they start are their own.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

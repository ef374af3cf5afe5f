/**
 * `npm run test:hardening`: bad input, security, faults and crash safety against the real server (child
 * processes on loopback, real SQLite files, PostgreSQL when DATABASE_URL is set). Prints a summary of
 * what was tried and what held. `HARDENING_KILLS=50` runs the full crash-safety series.
 */
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    include: ['tests/hardening/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/helpers/hardening/global-setup.ts'],
    // The files mostly wait on servers in child processes: run three at once even on two cores.
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

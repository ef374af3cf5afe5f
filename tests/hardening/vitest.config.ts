/**
 * `npm run test:hardening`: bad input, security, faults and crash safety against the real server (child
 * processes on loopback, real SQLite files, PostgreSQL when DATABASE_URL is set). Prints a summary of
 * what was tried and what held (one per group below). `HARDENING_KILLS=50` runs the full crash-safety series.
 */
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The files that bound the server's latency while an attack runs (/healthz within 100 ms of a quiet
 * baseline): they run alone, after the rest, so that what they measure is the attack, not the crash-safety
 * writers or another file's servers sharing the two cores.
 */
const TIMED = [
  'tests/hardening/security.bodies-bounded-while-read.test.ts',
  'tests/hardening/security.bounded-request-work.test.ts',
];

export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    environment: 'node',
    globalSetup: ['tests/helpers/hardening/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // The files mostly wait on servers in child processes: run three at once even on two cores.
        test: { name: 'hardening', include: ['tests/hardening/**/*.test.ts'], exclude: TIMED, maxWorkers: 3 },
      },
      {
        extends: true,
        test: { name: 'hardening, timed alone', include: TIMED, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});

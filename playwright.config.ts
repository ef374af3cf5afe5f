import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free loopback port, chosen once: worker processes inherit it through the environment. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'investments-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  // The features' specs, and the hardening suite's browser half (tests/hardening/*.in-the-browser.spec.ts).
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'hardening/**/*.spec.ts'],
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    // The page follows the browser's locale for numbers and dates: the tests pin it (US English unless a test says otherwise).
    locale: 'en-US',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without these, Chromium keeps dialling Google's hosts, which this closed network refuses.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    // The production build (npm test builds it first) served by the real server, on a fresh database.
    command: 'npx tsx server/main.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      QUOTES_PROVIDER: 'files',
      LOG_LEVEL: 'warn',
      // Every spec signs up its own accounts from 127.0.0.1: more than the default 20 an hour.
      ACCOUNT_CREATIONS_PER_HOUR: '1000',
      // The e2e server always runs on its own fresh SQLite file, whatever the shell has set.
      DATABASE_URL: '',
    },
  },
});

/**
 * One signed-in request must not freeze the server. The red team's bodies (200,000 empty rows in 600 KB:
 * 10 s and 1 GB; 5 MB of `[`: 2 s) are refused quickly with a clear 400, while `/healthz` keeps
 * answering within a bound the whole time and the server's peak memory stays bounded.
 * `/proc/<pid>/status` gives the server's peak resident memory (VmHWM).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { recordTally } from '#helpers/hardening/tally';

/** Generous for a loaded two-core machine; before the fix `/healthz` waited 2–10 s. */
const HEALTH_BOUND_MS = 1000;
const REFUSAL_BOUND_MS = 3000;
const MEMORY_GROWTH_BOUND_MB = 300;

let server: TestServer;
let idToken: string;
const tally = { tried: 0, held: 0, requests: 0 };

beforeAll(async () => {
  server = await startTestServer();
  ({ idToken } = await signIn(server.url, {
    username: 'heavy-lifter',
    password: 'a long enough secret',
    createAccount: true,
  }));
});

afterAll(async () => {
  recordTally({
    section: 'security',
    check:
      'bodies built to stall the server (200,000 empty rows, 5 MB of [) refused quickly; /healthz answers meanwhile; memory bounded',
    tried: tally.tried,
    held: tally.held,
    requests: tally.requests,
  });
  await server?.close();
});

function peakMemoryMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
}

const emptyRows = (count: number) =>
  `{"transactions":{"stock":[${Array(count).fill('{}').join(',')}],"dividend":[],"commission":[]}}`;

const attacks: Array<[string, () => string, RegExp]> = [
  ['200,000 empty rows (600 KB)', () => emptyRows(200_000), /at most 100000 transactions \(this set has 200000\)/],
  [
    '100,000 empty rows, just within the count',
    () => emptyRows(100_000),
    /not valid; nothing was saved\. transactions\.stock\.0\.ticker: .*checking stopped there/,
  ],
  // Cash rows count with the others (issue 33): 60,000 empty trades and 60,000 empty cash rows are too many.
  [
    '60,000 empty trades and 60,000 empty cash rows',
    () =>
      `{"transactions":{"stock":[${Array(60_000).fill('{}').join(',')}],"dividend":[],"commission":[],"cash":[${Array(60_000).fill('{}').join(',')}]}}`,
    /at most 100000 transactions \(this set has 120000\)/,
  ],
  [
    '5 MB of [',
    () => `{"transactions":{"stock":${'['.repeat(5 * 1024 * 1024)}`,
    /nests arrays or objects more than 8 deep/,
  ],
];

describe('a request built to stall the server', () => {
  it.each(attacks)('%s: a quick 400, /healthz answers meanwhile, memory bounded', async (_name, makeBody, message) => {
    tally.tried += 1;
    const body = makeBody();
    const memoryBefore = peakMemoryMb(server.pid);
    let done = false;
    const healthLatencies: number[] = [];
    const watchHealth = (async () => {
      while (!done) {
        const started = performance.now();
        const response = await fetch(`${server.url}/healthz`);
        await response.arrayBuffer();
        tally.requests += 1;
        healthLatencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    // Three at once, as an attacker would.
    const started = performance.now();
    const answers = await Promise.all(
      [0, 1, 2].map(async () => {
        const response = await fetch(`${server.url}/api/transactions`, {
          method: 'PUT',
          headers: { Authorization: idToken, 'content-type': 'application/json', 'if-match': '"v0"' },
          body,
        });
        tally.requests += 1;
        return {
          status: response.status,
          elapsedMs: performance.now() - started,
          json: (await response.json()) as { message: string; issues: unknown[] },
        };
      }),
    );
    done = true;
    await watchHealth;

    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.json.message).toMatch(message);
      expect(answer.json.issues.length).toBeLessThanOrEqual(100);
      expect(answer.elapsedMs).toBeLessThan(REFUSAL_BOUND_MS);
    }
    expect(healthLatencies.length).toBeGreaterThan(0);
    expect(Math.max(...healthLatencies)).toBeLessThan(HEALTH_BOUND_MS);
    expect(peakMemoryMb(server.pid) - memoryBefore).toBeLessThan(MEMORY_GROWTH_BOUND_MB);
    // The server still works for the same user.
    const get = await fetch(`${server.url}/api/transactions`, { headers: { Authorization: idToken } });
    expect(get.status).toBe(200);
    tally.held += 1;
  });
});

/**
 * Issue 31, item 2: a body built to stall the server is refused WHILE it is read, before any object is
 * built. Before the fix `PUT /api/transactions` with 10 MiB of `[]` made `/healthz` wait 3.5 s (`{}` 2.9 s,
 * `0` 1.8 s), and `PUT /api/csv-mappings/all` with 409,500 nested `[` 0.3–0.7 s. Each attack goes twice
 * at once, as an attacker would; `/healthz` is asked every 10 ms meanwhile and must answer within
 * 100 ms each time, over what it takes on this machine at that moment without any attack (measured
 * for half a second just before: a shared, loaded machine adds its own delays, which are not the
 * server's). The attack is sent by a child process, so that writing 20 MiB does not hold this process,
 * which measures `/healthz`. Real server over HTTP, real SQLite file, real sign-in.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { recordTally } from '#helpers/hardening/tally';

const HEALTH_BOUND_MS = 100;
const MIB = 1024 * 1024;

let server: TestServer;
let idToken: string;
const tally = { tried: 0, held: 0, requests: 0 };

beforeAll(async () => {
  server = await startTestServer();
  ({ idToken } = await signIn(server.url, {
    username: 'stall-maker',
    password: 'a long enough secret',
    createAccount: true,
  }));
});

afterAll(async () => {
  recordTally({
    section: 'security',
    check: 'bodies refused while read (10 MiB of [] {} 0, 409,500 nested [): /healthz under 100 ms meanwhile',
    tried: tally.tried,
    held: tally.held,
    requests: tally.requests,
  });
  await server?.close();
});

/** `{"transactions":{"stock":[E,E,…]…` filled with `element` up to about `bytes`. */
const rowsOf = (element: string, bytes: number) => {
  const count = Math.floor(bytes / (element.length + 1));
  return `{"transactions":{"stock":[${Array(count).fill(element).join(',')}],"dividend":[],"commission":[]}}`;
};

interface Attack {
  name: string;
  method: 'PUT';
  path: string;
  body: () => string;
  status: number;
  message: RegExp;
}

const attacks: Attack[] = [
  {
    name: '10 MiB of [] as rows',
    method: 'PUT',
    path: '/api/transactions',
    body: () => rowsOf('[]', 10 * MIB - 100),
    status: 413,
    message: /more than 200016 arrays and objects/,
  },
  {
    name: '10 MiB of {} as rows',
    method: 'PUT',
    path: '/api/transactions',
    body: () => rowsOf('{}', 10 * MIB - 100),
    status: 413,
    message: /more than 200016 arrays and objects/,
  },
  {
    name: '10 MiB of 0 as rows',
    method: 'PUT',
    path: '/api/transactions',
    body: () => rowsOf('0', 10 * MIB - 100),
    status: 413,
    message: /more than 1600000 array items and object members/,
  },
  {
    name: '409,500 nested [ as mappings',
    method: 'PUT',
    path: '/api/csv-mappings/all',
    body: () => `{"mode":"merge","mappings":${'['.repeat(409_500)}`,
    status: 400,
    message: /nests arrays or objects more than 5 deep/,
  },
  {
    name: '800 KiB of [] as mappings',
    method: 'PUT',
    path: '/api/csv-mappings/all',
    body: () => `{"mode":"merge","mappings":[${Array(250_000).fill('[]').join(',')}]}`,
    status: 413,
    message: /arrays and objects/,
  },
];

async function watchHealth(until: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void until.then(
    () => (done = true),
    () => (done = true),
  );
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${server.url}/healthz`);
    await response.arrayBuffer();
    tally.requests += 1;
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latencies;
}

/** Sends the body in `file` twice at once from a child process; the answers' statuses and messages. */
function sendTwiceFromAChildProcess(
  attack: Attack,
  file: string,
): Promise<{ status: number; json: { message: string } }[]> {
  const script = `
    const body = require('node:fs').readFileSync(process.argv[1]);
    const [url, method, token] = process.argv.slice(2);
    const send = () => fetch(url, { method, headers: { Authorization: token, 'content-type': 'application/json', 'if-match': '"v0"' }, body })
      .then(async (response) => ({ status: response.status, json: await response.json() }));
    Promise.all([send(), send()]).then((answers) => process.stdout.write(JSON.stringify(answers)));
  `;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', script, file, `${server.url}${attack.path}`, attack.method, idToken],
      { maxBuffer: 1 << 20 },
      (error, stdout) => {
        if (error) reject(error);
        else {
          tally.requests += 2;
          resolve(JSON.parse(stdout) as { status: number; json: { message: string } }[]);
        }
      },
    );
  });
}

describe('a body built to stall the server is refused while it is read', () => {
  it.each(attacks)('$name: $status, /healthz under 100 ms meanwhile', async (attack) => {
    tally.tried += 1;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stall-')), 'body.json');
    fs.writeFileSync(file, attack.body());
    const quiet = await watchHealth(new Promise((resolve) => setTimeout(resolve, 500)));
    const requests = sendTwiceFromAChildProcess(attack, file).finally(() =>
      fs.rmSync(path.dirname(file), { recursive: true, force: true }),
    );
    const [answers, latencies] = await Promise.all([requests, watchHealth(requests)]);
    for (const answer of answers) {
      expect(answer.status).toBe(attack.status);
      expect(answer.json.message).toMatch(attack.message);
    }
    expect(latencies.length).toBeGreaterThan(0);
    expect(Math.max(...latencies)).toBeLessThan(HEALTH_BOUND_MS + Math.max(...quiet));
    // Nothing was stored, and the server still answers the same user.
    const get = await fetch(`${server.url}/api/transactions`, { headers: { Authorization: idToken } });
    expect(get.headers.get('etag')).toBe('"v0"');
    tally.held += 1;
  });
});

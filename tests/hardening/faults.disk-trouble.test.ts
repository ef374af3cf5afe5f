/**
 * Disk trouble on the real server (SQLite), made for real even though the tests may run as root (whom
 * permissions do not stop):
 * - a failing write during a write: the server runs under a file-size limit (POSIX `ulimit -f`,
 *   RLIMIT_FSIZE, which binds root too) just above its files' size, so a large save makes the system
 *   refuse SQLite's write (EFBIG) half-way, as a full or failing disk would. The save answers 507 with a
 *   message, the stored set and its version are unchanged byte for byte, reads are served, the file
 *   passes `PRAGMA integrity_check`, and a small save still fits and goes through;
 * - a read-only data folder at start: the server runs as an unprivileged user (`nobody`; as that user
 *   when the tests do not run as root) on a folder and database file it may read but not write. It does
 *   not start, and says which folder and what to do; the database is untouched.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '#server/storage/open-storage';
import { mintIdToken, serverSigningKey } from '#helpers/id-tokens';
import { startServerProcess, type ServerProcess } from '#helpers/server-process';
import { expectUnchanged, readStoredBytes } from '#helpers/hardening/stored-bytes';
import { recordTally } from '#helpers/hardening/tally';

const tally = { faults: 0, held: 0, requests: 0 };
const dirs: string[] = [];
afterAll(() => {
  recordTally({
    section: 'faults',
    check:
      'disk trouble: a write the system refuses half-way (EFBIG) → 507 with a message, nothing half-written, reads served; a read-only data folder at start → a clear error, nothing changed',
    tried: tally.faults,
    held: tally.held,
    faults: tally.faults,
    requests: tally.requests,
  });
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const freshDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-trouble-'));
  dirs.push(dir);
  return dir;
};

/** A set of `count` buys (about 110 bytes each as JSON). */
const setOf = (count: number, tag: string) =>
  JSON.stringify({
    transactions: {
      stock: Array.from({ length: count }, (_, i) => ({
        ticker: `${tag}${i % 50}.DE`,
        type: 'stock',
        date: `2023-${String(1 + (i % 12)).padStart(2, '0')}-0${1 + (i % 9)}`,
        amount: 1 + (i % 7),
        value: 100 + i,
        currency: 'EUR',
      })),
      dividend: [],
      commission: [],
    },
  });

async function tokenFor(server: ServerProcess, dataDir: string, sub: string): Promise<string> {
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as { issuer: string; clientId: string };
  return mintIdToken(await serverSigningKey(dataDir), { iss: config.issuer, aud: config.clientId, sub });
}

async function put(server: ServerProcess, token: string, body: string, etag: string) {
  tally.requests += 1;
  const response = await fetch(`${server.url}/api/transactions`, {
    method: 'PUT',
    headers: { Authorization: token, 'content-type': 'application/json', 'if-match': etag },
    body,
  });
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    body: (await response.json()) as { message?: string },
  };
}

const largestFile = (dir: string) =>
  Math.max(...fs.readdirSync(dir).map((name) => fs.statSync(path.join(dir, name)).size));

describe('a write the system refuses half-way', () => {
  it('answers 507 with a message, keeps the stored set and serves it, and the file stays whole', async () => {
    const dataDir = freshDataDir();
    const env = { DATA_DIR: dataDir, DEMO_ACCOUNT: 'off' };
    const first = await startServerProcess(env);
    const firstToken = await tokenFor(first, dataDir, 'disk-full');
    expect((await put(first, firstToken, setOf(20, 'A'), '"v0"')).status).toBe(200);
    await first.kill('SIGTERM');

    // Room for the server's own small writes at start, not for a save of 10,000 transactions (about 1 MB).
    const limit = largestFile(dataDir) + 256 * 1024;
    tally.faults += 1;
    const server = await startServerProcess(env, { fileSizeLimitBytes: limit });
    try {
      // Another port, so another issuer: a token of its own.
      const token = await tokenFor(server, dataDir, 'disk-full');
      const before = await readStoredBytes(server.url, token);
      expect(before.etag).toBe('"v1"');
      const refused = await put(server, token, setOf(10_000, 'B'), '"v1"');
      expect(refused.status, JSON.stringify(refused.body)).toBe(507);
      expect(refused.body.message).toMatch(/could not be saved.*disk is full, read-only or failing.*Nothing was saved/);
      expectUnchanged(await readStoredBytes(server.url, token), before, 'after the refused write');
      const small = await put(server, token, setOf(21, 'A'), '"v1"');
      expect(small.status, 'a small save still fits').toBe(200);
      expect(small.etag).toBe('"v2"');
    } finally {
      await server.kill('SIGTERM');
    }
    const db = new Database(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare("SELECT version FROM transaction_sets WHERE user_id = 'disk-full'").pluck().get()).toBe(2);
    } finally {
      db.close();
    }
    tally.held += 1;
  }, 120_000);
});

/** The user the server runs as: `nobody` when the tests run as root (permissions do not bind root), else this one. */
function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

describe('a read-only data folder at start', () => {
  it('does not start, names the folder and what to do, and changes nothing', async () => {
    const dataDir = freshDataDir();
    const user = unprivilegedUser();
    const first = await startServerProcess({ DATA_DIR: dataDir, DEMO_ACCOUNT: 'off' });
    const token = await tokenFor(first, dataDir, 'read-only');
    expect((await put(first, token, setOf(5, 'R'), '"v0"')).status).toBe(200);
    await first.kill('SIGTERM');
    const file = path.join(dataDir, SQLITE_FILE_NAME);
    if (user) for (const name of [dataDir, file]) fs.chownSync(name, user.uid, user.gid);
    fs.chmodSync(file, 0o400);
    fs.chmodSync(dataDir, 0o500);
    const bytes = fs.readFileSync(file);

    tally.faults += 1;
    const started = startServerProcess({ DATA_DIR: dataDir, DEMO_ACCOUNT: 'off', HOME: os.tmpdir() }, { user });
    await expect(started).rejects.toThrow(/exited with 1/);
    const message = await started.catch((error: Error) => error.message);
    expect(message).toContain(`The data folder ${dataDir} is not writable for this server`);
    expect(message).toMatch(/make it writable for that user \(or mount it read-write\)/);
    expect(fs.readFileSync(file).equals(bytes), 'the database file changed').toBe(true);
    expect(fs.readdirSync(dataDir)).toEqual([SQLITE_FILE_NAME]);
    fs.chmodSync(dataDir, 0o700);
    tally.held += 1;
  }, 120_000);
});

/**
 * `npm run backup` of a running SQLite server while several users write, then `npm run restore` into a
 * fresh DATA_DIR and a server on it: every user's set is one that was acknowledged (same bytes, same
 * version), none older than the last one acknowledged before the backup began, and a sign-in token from
 * before the backup still verifies (the provider's keys are in the copy). The restore refuses a
 * non-empty data folder, a file that is not a database of ours and a backup from a newer server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Transaction, TransactionSet } from '#src/model/transaction';
import { mintIdToken, serverSigningKey } from '#helpers/id-tokens';
import { signIn } from '#helpers/oidc-login';
import { PROJECT_ROOT, startTestServer, type TestServer } from '#helpers/test-server';

const WRITERS = 5;
const MIN_WRITES_DURING_BACKUP = 20;

interface Writer {
  sub: string;
  token: string;
  /** Every version acknowledged to this writer, with the 200's body (what a GET must send back). */
  acknowledged: Map<number, Buffer>;
  lastVersion: number;
  sequence: number;
}

const versionOf = (etag: string | null): number => Number(/^"v(\d+)"$/.exec(etag ?? '')?.[1] ?? Number.NaN);

function makeSet(writer: number, sequence: number): TransactionSet {
  const stock: Transaction[] = Array.from({ length: 300 }, (_, i) => ({
    ticker: `B${writer}.T${i % 5}`,
    type: 'stock',
    date: `20${10 + (i % 14)}-0${1 + (i % 9)}-1${i % 10}`,
    amount: 1 + (i % 7),
    value: sequence * 1000 + i,
    currency: 'EUR',
  }));
  const commission: Transaction[] = [
    { ticker: `B${writer}.MARK`, type: 'commission', date: '2024-01-01', amount: 1, value: sequence, currency: 'EUR' },
  ];
  return { stock, dividend: [], commission };
}

function runCli(
  script: string,
  args: string[],
  dataDir: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('npm run backup and npm run restore on SQLite', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  const liveDir = path.join(root, 'live');
  const restoredDir = path.join(root, 'restored');
  const backupFile = path.join(root, 'investments-backup.sqlite');
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('copies a server being written to, and the restored server holds only acknowledged sets and the same keys', async () => {
    const live = await startTestServer({ DATA_DIR: liveDir });
    servers.push(live);
    const demo = await signIn(live.url, { username: 'demo', password: 'demo' });
    const demoBefore = Buffer.from(
      await (await fetch(`${live.url}/api/transactions`, { headers: { Authorization: demo.idToken } })).arrayBuffer(),
    );

    const config = (await (await fetch(`${live.url}/api/config`)).json()) as { issuer: string; clientId: string };
    const key = await serverSigningKey(liveDir);
    const writers: Writer[] = await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        const sub = `backup-${randomUUID()}`;
        return {
          sub,
          token: await mintIdToken(key, { iss: config.issuer, aud: config.clientId, sub }),
          acknowledged: new Map(),
          lastVersion: 0,
          sequence: 0,
        };
      }),
    );

    const phase = { backupRunning: false, stop: false, writesDuringBackup: 0 };
    const failures: string[] = [];
    const stream = async (writer: Writer, index: number) => {
      while (!phase.stop) {
        writer.sequence += 1;
        const duringBackup = phase.backupRunning;
        const response = await fetch(`${live.url}/api/transactions`, {
          method: 'PUT',
          headers: {
            Authorization: writer.token,
            'content-type': 'application/json',
            'if-match': `"v${writer.lastVersion}"`,
          },
          body: JSON.stringify({ transactions: makeSet(index, writer.sequence) }),
        });
        const bytes = Buffer.from(await response.arrayBuffer());
        if (response.status !== 200) {
          failures.push(`writer ${index}: ${response.status} ${bytes.toString('utf8').slice(0, 200)}`);
          return;
        }
        writer.lastVersion = versionOf(response.headers.get('etag'));
        writer.acknowledged.set(writer.lastVersion, bytes);
        if (duringBackup || phase.backupRunning) phase.writesDuringBackup += 1;
      }
    };
    const streams = writers.map((writer, index) => stream(writer, index));
    await expect.poll(() => writers.every((writer) => writer.lastVersion >= 2), { timeout: 20_000 }).toBe(true);

    // What was acknowledged before the backup began must all be in it.
    const floor = writers.map((writer) => writer.lastVersion);
    phase.backupRunning = true;
    const backup = await runCli('scripts/backup.ts', [backupFile], liveDir);
    phase.backupRunning = false;
    phase.stop = true;
    await Promise.all(streams);
    expect(failures).toEqual([]);
    expect(phase.writesDuringBackup, 'writes acknowledged while the backup ran').toBeGreaterThanOrEqual(
      MIN_WRITES_DURING_BACKUP,
    );
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain('integrity_check ok');
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);

    const restore = await runCli('scripts/restore.ts', [backupFile], restoredDir);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);

    // The restored server at the same URL (the same issuer): the tokens from before must verify.
    const port = new URL(live.url).port;
    await live.close();
    const restored = await startTestServer({ DATA_DIR: restoredDir, PORT: port });
    servers.push(restored);
    for (const [index, writer] of writers.entries()) {
      const response = await fetch(`${restored.url}/api/transactions`, { headers: { Authorization: writer.token } });
      expect(response.status, `writer ${index}`).toBe(200);
      const version = versionOf(response.headers.get('etag'));
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(version, `writer ${index}: acknowledged before the backup began`).toBeGreaterThanOrEqual(floor[index]!);
      expect(writer.acknowledged.has(version), `writer ${index}: version ${version} was acknowledged`).toBe(true);
      expect(
        bytes.equals(writer.acknowledged.get(version)!),
        `writer ${index}: the set of version ${version}, whole`,
      ).toBe(true);
    }
    const demoAfter = await fetch(`${restored.url}/api/transactions`, { headers: { Authorization: demo.idToken } });
    expect(demoAfter.status, 'the ID token signed before the backup verifies after the restore').toBe(200);
    expect(Buffer.from(await demoAfter.arrayBuffer()).equals(demoBefore)).toBe(true);
  }, 120_000);

  it("refuses a data folder that is not empty, a file that is not our database, and a newer server's backup", async () => {
    const occupied = path.join(root, 'occupied');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'investments.sqlite'), 'anything');
    const intoOccupied = await runCli('scripts/restore.ts', [backupFile], occupied);
    expect(intoOccupied.status).toBe(1);
    expect(intoOccupied.stderr).toContain('is not empty');
    expect(fs.readFileSync(path.join(occupied, 'investments.sqlite'), 'utf8')).toBe('anything');

    const notOurs = path.join(root, 'other.sqlite');
    new Database(notOurs).exec('CREATE TABLE t (x)').close();
    const fromOther = await runCli('scripts/restore.ts', [notOurs], path.join(root, 'empty-1'));
    expect(fromOther.status).toBe(1);
    expect(fromOther.stderr).toContain('is not an Investments Tracker database');

    const newer = path.join(root, 'newer.sqlite');
    fs.copyFileSync(backupFile, newer);
    new Database(newer)
      .exec("INSERT INTO schema_migrations (version, name, applied_at_ms) VALUES (9999, 'from the future', 0)")
      .close();
    const fromNewer = await runCli('scripts/restore.ts', [newer], path.join(root, 'empty-2'));
    expect(fromNewer.status).toBe(1);
    expect(fromNewer.stderr).toContain('newer server (migration 9999 unknown here)');
    expect(fs.existsSync(path.join(root, 'empty-2'))).toBe(false);

    const garbage = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/restore.ts', path.join(root, 'missing.sqlite')],
      {
        cwd: PROJECT_ROOT,
        env: { ...process.env, DATA_DIR: path.join(root, 'empty-3'), DATABASE_URL: '' },
        encoding: 'utf8',
      },
    );
    expect(garbage.status).toBe(1);
    expect(garbage.stderr).toContain('There is no file at');
  }, 60_000);
});

/**
 * A PostgreSQL cluster of the test's own (initdb and pg_ctl from the system's binaries), on a free port of
 * 127.0.0.1 with its data folder under a temporary directory, so a test may stop and start it.
 * initdb refuses to run as root: as root, the cluster runs as the `postgres` user (or `nobody`), which
 * is given the temporary directory. `undefined`, with the reason, when no binaries are found.
 *
 *   const found = findPostgresBinaries();          // { ok: false, reason } → skip and print the reason
 *   const cluster = await startPostgresCluster(found.bin);
 *   await cluster.stop(); await cluster.start(); await cluster.destroy();
 *
 *   const db = await postgresForTest();              // DATABASE_URL, or a cluster of its own; undefined: skip
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PostgresCluster {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication, loopback only). */
  url: string;
  /** `pg_ctl stop -m fast`: connections are cut at once, as in a restart or a failover. */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export function findPostgresBinaries(): { ok: true; bin: string } | { ok: false; reason: string } {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return { ok: true, bin };
  }
  return { ok: false, reason: `no initdb and pg_ctl under ${root}/*/bin (install the PostgreSQL server package)` };
}

/** The user the cluster runs as: this one, or as root an unprivileged one (initdb refuses root). */
function clusterUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (id.status === 0 && group.status === 0)
      return { uid: Number(id.stdout.trim()), gid: Number(group.stdout.trim()) };
  }
  throw new Error('Running as root and no postgres or nobody user to run PostgreSQL as');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const user = clusterUser();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-cluster-'));
  if (user) fs.chownSync(root, user.uid, user.gid);
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  const run = (program: string, args: string[]) =>
    execFileSync(path.join(bin, program), args, {
      cwd: root,
      ...user,
      env: { PATH: process.env.PATH ?? '', LANG: 'C' },
      stdio: 'pipe',
    });
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    run('pg_ctl', ['start', '-w', '-D', dataDir, '-l', path.join(root, 'log'), '-o', options]);
  };
  const stop = async () => {
    run('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', dataDir]);
  };
  await start();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      try {
        run('pg_ctl', ['stop', '-w', '-m', 'immediate', '-D', dataDir]);
      } catch {
        // Stopped already.
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface TestPostgres {
  /** Where to connect: DATABASE_URL, or the private cluster's URL. */
  url: string;
  /** Stops the private cluster (nothing for DATABASE_URL). */
  close(): Promise<void>;
}

/**
 * A PostgreSQL for a test that does not stop it: `DATABASE_URL` when set, else a cluster of the test's
 * own when the binaries are there, else `undefined` (the caller skips; `skipReason` says why).
 */
export async function postgresForTest(): Promise<TestPostgres | undefined> {
  const url = process.env.DATABASE_URL?.trim();
  if (url) return { url, close: async () => {} };
  const found = findPostgresBinaries();
  if (!found.ok) return undefined;
  const cluster = await startPostgresCluster(found.bin);
  return { url: cluster.url, close: () => cluster.destroy() };
}

/** Why `postgresForTest()` has nothing, or `undefined` when it has. */
export function postgresSkipReason(): string | undefined {
  if (process.env.DATABASE_URL?.trim()) return undefined;
  const found = findPostgresBinaries();
  return found.ok ? undefined : `DATABASE_URL is not set and ${found.reason}`;
}

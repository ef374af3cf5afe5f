/**
 * Crash safety: `npx tsx tests/hardening/tools/crash-safety.ts [--kills 50] [--writers 4] [--seed crash]`.
 * Starts the server on a fresh SQLite file; several writers (one user each) stream PUTs of full sets
 * (1 to 2,000 transactions, each set unique), each sending the next only after the answer to the last;
 * at a random moment (0–800 ms after the round's first acknowledged write) the server is killed with
 * SIGKILL; the file must pass `PRAGMA integrity_check`; the server is restarted, and for each writer the
 * stored set must be exactly:
 *   - the last acknowledged one: the bytes and the version (ETag) of the last 200 that writer received, or
 *   - the one in flight at the kill (sent, no answer yet), with the version one above;
 * nothing else: an older set is an acknowledged write lost, anything else a corrupt or partial write.
 * Repeated `--kills` times; prints a JSON report and exits 1 on any violation.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { seededRandom } from '#scripts/sample-data/random-walk';
import { SQLITE_FILE_NAME } from '#server/storage/open-storage';
import { sortTransactionSet } from '#server/transactions/sort-transaction-set';
import type { Transaction, TransactionSet } from '#src/model/transaction';
import { mintIdToken, serverSigningKey } from '#helpers/id-tokens';
import { startServerProcess, type ServerProcess } from '#helpers/server-process';

export interface CrashSafetyOptions {
  kills: number;
  writers: number;
  seed: string;
  /** Largest set a writer sends, in transactions. */
  maxTransactions?: number;
  log?: (line: string) => void;
}

export interface CrashSafetyReport {
  kills: number;
  writers: number;
  /** PUTs answered 200 before some kill. */
  acknowledgedWrites: number;
  /** Kills that caught a writer with a PUT sent and unanswered. */
  writesInFlightAtKill: number;
  /** Of those, the ones found stored after the restart (the rest were not). */
  inFlightFoundStored: number;
  /** Restarts after which a writer's set was neither the acknowledged one nor the one in flight. */
  writesLost: number;
  integrityChecksOk: number;
  violations: string[];
  elapsedMs: number;
}

export interface Acknowledged {
  version: number;
  /** The 200's body: what a GET must send back byte for byte. */
  bytes: Buffer;
}

interface Writer {
  sub: string;
  acknowledged: Acknowledged;
  /** The set sent and not answered yet. */
  inFlight: TransactionSet | null;
  sequence: number;
}

const versionOf = (etag: string | null): number => Number(/^"v(\d+)"$/.exec(etag ?? '')?.[1] ?? Number.NaN);

function makeSet(random: () => number, writer: number, sequence: number, maxTransactions: number): TransactionSet {
  const count = 1 + Math.floor(random() * maxTransactions);
  const stock: Transaction[] = Array.from({ length: count }, (_, i) => ({
    ticker: `W${writer}.T${i % 7}`,
    type: 'stock',
    date: `20${String(10 + (i % 15)).padStart(2, '0')}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    amount: 1 + (i % 9),
    value: Math.round(random() * 1e6) / 100,
    currency: i % 3 === 0 ? 'USD' : 'EUR',
  }));
  // The marker: this writer's sequence number, so every set differs from every other.
  const commission: Transaction[] = [
    { ticker: `W${writer}.MARK`, type: 'commission', date: '2024-01-01', amount: 1, value: sequence, currency: 'EUR' },
  ];
  return { stock, dividend: [], commission };
}

function integrityCheck(file: string): string {
  const db = new Database(file);
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

export interface StoredAnswer {
  status: number;
  version: number;
  bytes: Buffer;
}

/**
 * What a writer finds after a restart: its last acknowledged set (same bytes, same version), the set it
 * had in flight (version one above, same content), or neither: a lost or corrupt write.
 */
export function classifyStored(
  writer: { acknowledged: Acknowledged; inFlight: TransactionSet | null },
  stored: StoredAnswer,
): 'acknowledged' | 'in flight' | 'neither' {
  if (stored.status !== 200) return 'neither';
  if (stored.version === writer.acknowledged.version && stored.bytes.equals(writer.acknowledged.bytes))
    return 'acknowledged';
  if (writer.inFlight === null || stored.version !== writer.acknowledged.version + 1) return 'neither';
  const body = JSON.parse(stored.bytes.toString('utf8')) as { transactions: TransactionSet };
  // The writers send no cash list: the server keeps the stored one, which for them is always empty.
  const sent = sortTransactionSet({ ...writer.inFlight, cash: writer.inFlight.cash ?? [] });
  return isDeepStrictEqual(body.transactions, sent) ? 'in flight' : 'neither';
}

async function tokensFor(server: ServerProcess, dataDir: string, writers: Writer[]): Promise<string[]> {
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as { issuer: string; clientId: string };
  const key = await serverSigningKey(dataDir);
  return Promise.all(
    writers.map((writer) => mintIdToken(key, { iss: config.issuer, aud: config.clientId, sub: writer.sub })),
  );
}

interface StreamContext {
  url: string;
  token: string;
  index: number;
  random: () => number;
  maxTransactions: number;
  onAcknowledged: () => void;
  violations: string[];
}

/** One writer's stream: PUT after PUT until the server goes away. */
async function stream(
  writer: Writer,
  { url, token, index, random, maxTransactions, onAcknowledged, violations }: StreamContext,
) {
  for (;;) {
    writer.sequence += 1;
    const set = makeSet(random, index, writer.sequence, maxTransactions);
    writer.inFlight = set;
    let response: Response;
    let bytes: Buffer;
    try {
      response = await fetch(`${url}/api/transactions`, {
        method: 'PUT',
        headers: {
          Authorization: token,
          'content-type': 'application/json',
          'if-match': `"v${writer.acknowledged.version}"`,
        },
        body: JSON.stringify({ transactions: set }),
      });
      bytes = Buffer.from(await response.arrayBuffer());
    } catch {
      return; // Killed: the set stays in flight.
    }
    if (response.status !== 200) {
      violations.push(`writer ${index}: PUT answered ${response.status}: ${bytes.toString('utf8').slice(0, 200)}`);
      writer.inFlight = null;
      return;
    }
    writer.acknowledged = { version: versionOf(response.headers.get('etag')), bytes };
    writer.inFlight = null;
    onAcknowledged();
  }
}

export async function runCrashSafety(options: CrashSafetyOptions): Promise<CrashSafetyReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const maxTransactions = options.maxTransactions ?? 2000;
  const random = seededRandom(options.seed);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-safety-'));
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  const empty = Buffer.from(JSON.stringify({ transactions: { stock: [], dividend: [], commission: [] } }));
  const writers: Writer[] = Array.from({ length: options.writers }, () => ({
    sub: `crash-${randomUUID()}`,
    acknowledged: { version: 0, bytes: empty },
    inFlight: null,
    sequence: 0,
  }));
  const counts = { acknowledged: 0 };
  const report: CrashSafetyReport = {
    kills: 0,
    writers: options.writers,
    acknowledgedWrites: 0,
    writesInFlightAtKill: 0,
    inFlightFoundStored: 0,
    writesLost: 0,
    integrityChecksOk: 0,
    violations: [],
    elapsedMs: 0,
  };
  let server = await startServerProcess({ DATA_DIR: dataDir });
  try {
    for (let round = 1; round <= options.kills; round++) {
      const tokens = await tokensFor(server, dataDir, writers);
      let firstAcknowledged = () => {};
      const acknowledgedOnce = new Promise<void>((resolve) => (firstAcknowledged = resolve));
      const onAcknowledged = () => {
        counts.acknowledged += 1;
        firstAcknowledged();
      };
      const url = server.url;
      const streams = writers.map((writer, i) =>
        stream(writer, {
          url,
          token: tokens[i]!,
          index: i,
          random,
          maxTransactions,
          onAcknowledged,
          violations: report.violations,
        }),
      );
      // The kill lands amid steady streaming: a random 0–800 ms after this round's first acknowledged write.
      await Promise.race([acknowledgedOnce, Promise.all(streams)]);
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 800)));
      await server.kill('SIGKILL');
      report.kills += 1;
      await Promise.all(streams);
      const inFlight = writers.filter((writer) => writer.inFlight !== null).length;
      report.writesInFlightAtKill += inFlight;

      const integrity = integrityCheck(file);
      if (integrity === 'ok') report.integrityChecksOk += 1;
      else report.violations.push(`kill ${round}: PRAGMA integrity_check says ${integrity}`);

      server = await startServerProcess({ DATA_DIR: dataDir });
      const after = await tokensFor(server, dataDir, writers);
      for (const [i, writer] of writers.entries()) {
        const response = await fetch(`${server.url}/api/transactions`, { headers: { Authorization: after[i]! } });
        const bytes = Buffer.from(await response.arrayBuffer());
        const version = versionOf(response.headers.get('etag'));
        const verdict = classifyStored(writer, { status: response.status, version, bytes });
        if (verdict === 'in flight') report.inFlightFoundStored += 1;
        if (verdict === 'neither') {
          report.writesLost += 1;
          report.violations.push(
            `kill ${round}, writer ${i}: stored v${version} (${response.status}), last acknowledged v${writer.acknowledged.version}` +
              `${writer.inFlight ? ', one in flight' : ''}: neither`,
          );
        }
        writer.acknowledged = { version, bytes };
        writer.inFlight = null;
      }
      log(
        `kill ${round}/${options.kills}: ${counts.acknowledged} writes acknowledged so far, ${inFlight} in flight at the kill, integrity ${integrity}`,
      );
    }
  } finally {
    await server.kill('SIGTERM');
    const integrity = integrityCheck(file);
    if (integrity !== 'ok') report.violations.push(`after the final stop: PRAGMA integrity_check says ${integrity}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  report.acknowledgedWrites = counts.acknowledged;
  report.elapsedMs = Math.round(performance.now() - started);
  return report;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      kills: { type: 'string', default: '50' },
      writers: { type: 'string', default: '4' },
      seed: { type: 'string', default: 'crash-safety' },
    },
  });
  const report = await runCrashSafety({
    kills: Number(values.kills),
    writers: Number(values.writers),
    seed: values.seed,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return report.violations.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();

/**
 * `npm run bench:load [-- --duration 20 --users 50 --transactions 2000 --kill-every 3 --encoding gzip --storage all
 * --cpu-prof DIR --out var/bench/load.json]`: GET and PUT of a full set of
 * 2,000 transactions by 50 users in parallel for 20 s against the real server on loopback, on SQLite and,
 * when DATABASE_URL is set, on PostgreSQL (a fresh schema). Each user alternates GET and PUT (with the
 * If-Match of its last answer) on its own set, one request at a time. Any answer but a 200, or a network
 * error, counts as an error. Prints JSON: requests/s, p50/p99 latency per method, errors; exits 1 on any
 * error. The load generator runs in this process on the same machine as the server: it competes for the
 * same cores, so the numbers are a floor.
 * With DATABASE_URL it also runs two instances on one PostgreSQL behind a round-robin proxy with one
 * instance SIGKILLed and restarted every few seconds (`instance-kills.ts`): requests/s, p50/p99, answers
 * by status, and acknowledged writes lost (must be 0). `--out FILE` writes the JSON there too (for
 * `npm run docs:performance -- --load FILE`).
 * `--encoding` is the `Accept-Encoding` every GET and PUT sends: `gzip` (the default, what Node's fetch asks
 * for by itself: the server answers gzip, which the tool then inflates), `br`, or `identity` (nothing to
 * compress or inflate on either side, to compare with a server that does not compress). Each result says
 * which codings the answers came in (`answerEncodings`). `--storage sqlite|postgres` runs one database only
 * (postgres needs DATABASE_URL) and no instance kills; `all` (the default) runs what is described above.
 * `--cpu-prof DIR` has each single server write a V8 CPU profile into DIR when it stops (`node --cpu-prof`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seededRandom } from '#scripts/sample-data/random-walk';
import type { Transaction, TransactionSet } from '#src/model/transaction';
import { mintIdToken, serverSigningKey } from '#helpers/id-tokens';
import { createTestSchema } from '#helpers/postgres-schema';
import { startServerProcess } from '#helpers/server-process';
import { runInstanceKills, type InstanceKillsReport } from './instance-kills';

export const ENCODINGS = ['identity', 'gzip', 'br'] as const;
export type LoadEncoding = (typeof ENCODINGS)[number];

interface LoadOptions {
  durationMs: number;
  users: number;
  transactions: number;
  encoding: LoadEncoding;
  cpuProfileDir: string | undefined;
}

interface MethodStats {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface LoadResult {
  storage: 'sqlite' | 'postgres';
  users: number;
  durationS: number;
  transactionsPerSet: number;
  bodyBytes: number;
  /** The `Accept-Encoding` sent. */
  encoding: LoadEncoding;
  /** Answers by their `Content-Encoding` (`identity` when they had none). */
  answerEncodings: Record<string, number>;
  requests: number;
  requestsPerSecond: number;
  /**
   * The server's CPU time per request, ms: the work a request costs, which a machine busy with other
   * processes changes far less than it changes latency and requests/s.
   */
  serverCpuMsPerRequest: number | undefined;
  errors: number;
  errorSamples: string[];
  get: MethodStats;
  put: MethodStats;
  p99Ms: number;
}

/**
 * CPU time the process has used, ms, all its threads (libuv's pool that compresses too), from Linux's
 * /proc (at 100 ticks a second); undefined elsewhere.
 */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function stats(latencies: number[]): MethodStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

/** A realistic set: 5 tickers, buys over 15 years, dividends and commissions, some in USD. */
function makeSet(count: number, seed: string): TransactionSet {
  const random = seededRandom(seed);
  const tickers = ['VWCE.DE', 'MSFT', 'AAPL', 'IBE.MC', 'MUV2.DE'];
  const set: TransactionSet = { stock: [], dividend: [], commission: [] };
  for (let i = 0; i < count; i++) {
    const ticker = tickers[i % tickers.length]!;
    const type = (['stock', 'stock', 'dividend', 'commission'] as const)[i % 4]!;
    const date = `20${String(10 + Math.floor(random() * 15)).padStart(2, '0')}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
    const transaction: Transaction = {
      ticker,
      type,
      date,
      amount: type === 'stock' ? 1 + Math.floor(random() * 20) : 1,
      value: Math.round(random() * 500_000) / 100,
      currency: ticker === 'MSFT' || ticker === 'AAPL' ? 'USD' : 'EUR',
      importId: `degiro:${Math.floor(random() * 2 ** 48)
        .toString(16)
        .padStart(12, '0')}`,
    };
    set[type].push(transaction);
  }
  return set;
}

async function runOne(
  storage: LoadResult['storage'],
  databaseUrl: string | undefined,
  options: LoadOptions,
): Promise<LoadResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  const schema = databaseUrl ? await createTestSchema(databaseUrl) : undefined;
  const server = await startServerProcess(
    { DATA_DIR: dataDir, DATABASE_URL: schema?.connectionString ?? '' },
    options.cpuProfileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuProfileDir)}`] } : {},
  );
  try {
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as { issuer: string; clientId: string };
    const key = await serverSigningKey(dataDir, schema?.connectionString);
    const tokens = await Promise.all(
      Array.from({ length: options.users }, (_, i) =>
        mintIdToken(key, { iss: config.issuer, aud: config.clientId, sub: `load-user-${i}` }),
      ),
    );
    // Two versions of the set, so every PUT changes what is stored.
    const bodies = [0, 1].map((variant) =>
      JSON.stringify({ transactions: makeSet(options.transactions, `load-${variant}`) }),
    );
    const url = `${server.url}/api/transactions`;
    const latencies = { get: [] as number[], put: [] as number[] };
    const errorSamples: string[] = [];
    const answerEncodings: Record<string, number> = {};
    let errors = 0;
    const fail = (what: string) => {
      errors += 1;
      if (errorSamples.length < 5) errorSamples.push(what);
    };

    const user = async (i: number, deadline: number) => {
      const token = tokens[i]!;
      let etag = '"v0"';
      for (let n = 0; performance.now() < deadline; n++) {
        const method = n % 2 === 0 ? 'PUT' : 'GET';
        const started = performance.now();
        try {
          const response = await fetch(url, {
            method,
            headers:
              method === 'PUT'
                ? {
                    Authorization: token,
                    'accept-encoding': options.encoding,
                    'content-type': 'application/json',
                    'if-match': etag,
                  }
                : { Authorization: token, 'accept-encoding': options.encoding },
            body: method === 'PUT' ? bodies[(n / 2) % 2] : undefined,
          });
          await response.arrayBuffer();
          const coding = response.headers.get('content-encoding') ?? 'identity';
          answerEncodings[coding] = (answerEncodings[coding] ?? 0) + 1;
          if (response.status !== 200) fail(`${method} answered ${response.status}`);
          else etag = response.headers.get('etag') ?? etag;
        } catch (error) {
          fail(`${method}: ${(error as Error).message}`);
        }
        (method === 'PUT' ? latencies.put : latencies.get).push(performance.now() - started);
      }
    };

    const cpuAtStart = cpuMsOf(server.pid);
    const started = performance.now();
    await Promise.all(Array.from({ length: options.users }, (_, i) => user(i, started + options.durationMs)));
    const elapsedS = (performance.now() - started) / 1000;
    const requests = latencies.get.length + latencies.put.length;
    const cpuAtEnd = cpuMsOf(server.pid);
    const serverCpuMs = cpuAtStart === undefined || cpuAtEnd === undefined ? undefined : cpuAtEnd - cpuAtStart;
    return {
      storage,
      users: options.users,
      durationS: Math.round(elapsedS * 10) / 10,
      transactionsPerSet: options.transactions,
      bodyBytes: bodies[0]!.length,
      encoding: options.encoding,
      answerEncodings,
      requests,
      requestsPerSecond: Math.round(requests / elapsedS),
      serverCpuMsPerRequest:
        serverCpuMs === undefined || requests === 0 ? undefined : Math.round((serverCpuMs / requests) * 10) / 10,
      errors,
      errorSamples,
      get: stats(latencies.get),
      put: stats(latencies.put),
      p99Ms: stats([...latencies.get, ...latencies.put]).p99Ms,
    };
  } finally {
    await server.kill('SIGTERM');
    await schema?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '20' },
      users: { type: 'string', default: '50' },
      transactions: { type: 'string', default: '2000' },
      'kill-every': { type: 'string', default: '3' },
      encoding: { type: 'string', default: 'gzip' },
      storage: { type: 'string', default: 'all' },
      'cpu-prof': { type: 'string' },
      out: { type: 'string' },
    },
  });
  const encoding = values.encoding as LoadEncoding;
  if (!ENCODINGS.includes(encoding)) throw new Error(`--encoding takes ${ENCODINGS.join(', ')}, not ${encoding}`);
  const storage = values.storage;
  if (storage !== 'all' && storage !== 'sqlite' && storage !== 'postgres')
    throw new Error(`--storage takes all, sqlite or postgres, not ${storage}`);
  const options: LoadOptions = {
    durationMs: Number(values.duration) * 1000,
    users: Number(values.users),
    transactions: Number(values.transactions),
    encoding,
    cpuProfileDir: values['cpu-prof'],
  };
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (storage === 'postgres' && !databaseUrl) throw new Error('--storage postgres needs DATABASE_URL');
  const results = storage === 'postgres' ? [] : [await runOne('sqlite', undefined, options)];
  let instanceKilled: (InstanceKillsReport & { transactionsPerSet: number }) | undefined;
  if (databaseUrl && storage === 'postgres') results.push(await runOne('postgres', databaseUrl, options));
  else if (databaseUrl && storage === 'all') {
    results.push(await runOne('postgres', databaseUrl, options));
    const report = await runInstanceKills({
      databaseUrl,
      users: options.users,
      durationMs: options.durationMs,
      killEveryMs: Number(values['kill-every']) * 1000,
      baseSet: makeSet(options.transactions, 'load-killed'),
      log: (line) => process.stderr.write(`bench:load: ${line}\n`),
    });
    instanceKilled = { ...report, transactionsPerSet: options.transactions };
  } else if (storage === 'all')
    process.stderr.write(
      'bench:load: PostgreSQL skipped, DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).\n',
    );
  const machine = {
    cpus: os.cpus().length,
    node: process.version,
    loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
  };
  const json = `${JSON.stringify({ machine, results, instanceKilled }, null, 2)}\n`;
  process.stdout.write(json);
  if (values.out) {
    fs.mkdirSync(path.dirname(values.out), { recursive: true });
    fs.writeFileSync(values.out, json);
  }
  const killedHeld =
    !instanceKilled || (instanceKilled.violations.length === 0 && instanceKilled.acknowledgedWritesLost === 0);
  return results.every((result) => result.errors === 0) && killedHeld ? 0 : 1;
}

process.exitCode = await main();

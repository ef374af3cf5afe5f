/**
 * An instance killed mid-write: two server instances on one PostgreSQL (a fresh schema) behind a
 * round-robin proxy (`#helpers/round-robin-proxy`), `users` users writing at once, and every `killEveryMs`
 * one instance, A and B in turn, SIGKILLed and started again (the other keeps serving).
 *
 * Each user writes its own set: every PUT sends the set it knows is stored plus one new marker (a
 * commission whose ticker names the user and the write), with the `If-Match` of the version it knows.
 * - 200: acknowledged; the user now knows that set and version.
 * - no answer, 502, 503: the outcome is unknown (the instance may have stored it and died before
 *   answering); the user sends the same PUT again, same `If-Match`, until it gets an answer.
 * - 412: the write was stale. A user only gets one after an unknown outcome (its earlier attempt was
 *   stored): it reads the set, which must be what it knew plus exactly that marker, one version up.
 * Every so often a user also sends a deliberately stale PUT (the version before its last acknowledged
 * one): that must answer 412, never 200.
 * At the end, with no more kills, each user's stored set must hold every marker it had acknowledged,
 * each once, and as many markers as its version number (every stored write is one marker).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Transaction, TransactionSet } from '#src/model/transaction';
import { mintIdToken, serverSigningKey } from '#helpers/id-tokens';
import { createTestSchema } from '#helpers/postgres-schema';
import { startRoundRobinProxy } from '#helpers/round-robin-proxy';
import { startServerProcess, type ServerProcess } from '#helpers/server-process';

export interface InstanceKillsOptions {
  databaseUrl: string;
  users: number;
  durationMs: number;
  killEveryMs: number;
  /** Writing goes on past `durationMs` (up to `maxDurationMs`) until this many kills happened (a loaded machine restarts slowly). */
  minKills?: number;
  maxDurationMs?: number;
  /** Transactions every set holds besides the markers (the load bench: a realistic set); none by default. */
  baseSet?: TransactionSet;
  log?: (line: string) => void;
}

export interface InstanceKillsReport {
  users: number;
  durationS: number;
  kills: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers by status; `network` when the connection failed without one. */
  byStatus: Record<string, number>;
  acknowledgedWrites: number;
  /** Writes whose first attempt had no clear answer, and of those the ones found stored (a later 412). */
  uncertainWrites: number;
  uncertainFoundStored: number;
  staleWrites: number;
  staleAnswered412: number;
  /** Acknowledged markers missing at the end. */
  acknowledgedWritesLost: number;
  /** Markers stored more than once. */
  writesStoredTwice: number;
  violations: string[];
}

interface User {
  index: number;
  token: string;
  /** The markers of the set this user knows is stored, in order, and its version. */
  markers: string[];
  version: number;
  acknowledged: Set<string>;
  sequence: number;
}

const empty = (): TransactionSet => ({ stock: [], dividend: [], commission: [] });
const versionOf = (etag: string | null): number => Number(/^"v(\d+)"$/.exec(etag ?? '')?.[1] ?? Number.NaN);
const markerTicker = (user: number, sequence: number) => `U${user}.M${sequence}`;
const isMarker = (transaction: Transaction) =>
  transaction.type === 'commission' && /^U\d+\.M\d+$/.test(transaction.ticker);

function setWith(base: TransactionSet, markers: string[]): TransactionSet {
  const commission: Transaction[] = markers.map((ticker) => ({
    ticker,
    type: 'commission',
    date: '2024-01-02',
    amount: 1,
    value: 1,
    currency: 'EUR',
  }));
  return { stock: base.stock, dividend: base.dividend, commission: [...base.commission, ...commission] };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runInstanceKills(options: InstanceKillsOptions): Promise<InstanceKillsReport> {
  const log = options.log ?? (() => {});
  const base = options.baseSet ?? empty();
  const schema = await createTestSchema(options.databaseUrl);
  const proxy = await startRoundRobinProxy();
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'instance-kills-')));
  // Each instance on a port of its own, the proxy's URL as its PUBLIC_URL (one issuer for both).
  const start = async (i: number) =>
    startServerProcess({
      DATA_DIR: dataDirs[i]!,
      DATABASE_URL: schema.connectionString,
      PUBLIC_URL: proxy.url,
      PORT: String(await freePort()),
      // No demo account to reset (and its password to hash) at every start: a restart is quicker.
      DEMO_ACCOUNT: 'off',
    });
  /** A loaded machine may take longer than the helper's 30 s to start one: tried three times. */
  const startPatiently = async (i: number): Promise<ServerProcess> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await start(i);
      } catch (error) {
        if (attempt === 3) throw error;
        log(`instance ${i} did not start (attempt ${attempt}): ${(error as Error).message.slice(0, 200)}`);
      }
    }
  };
  // Started one after the other: the first creates the schema and the keys.
  const instances: ServerProcess[] = [await startPatiently(0)];
  instances.push(await startPatiently(1));
  const route = () => proxy.setTargets(instances.map((instance) => instance.url));
  route();

  const byStatus: Record<string, number> = {};
  const latencies: number[] = [];
  const violations: string[] = [];
  const counts = { acknowledged: 0, uncertain: 0, uncertainStored: 0, stale: 0, stale412: 0, kills: 0 };
  const url = `${proxy.url}/api/transactions`;

  /** One request through the proxy, timed and counted; `null` when no answer came. */
  const send = async (token: string, method: 'GET' | 'PUT', body?: string, ifMatch?: string) => {
    const started = performance.now();
    try {
      const response = await fetch(url, {
        method,
        headers:
          method === 'PUT'
            ? { Authorization: token, 'content-type': 'application/json', 'if-match': ifMatch! }
            : { Authorization: token },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      latencies.push(performance.now() - started);
      byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
      return { status: response.status, etag: response.headers.get('etag'), text };
    } catch {
      latencies.push(performance.now() - started);
      byStatus.network = (byStatus.network ?? 0) + 1;
      return null;
    }
  };

  /** The stored set, read until an instance answers 200 (for 30 s at most: then the run says why it stopped). */
  const read = async (user: User) => {
    const giveUpAt = performance.now() + 30_000;
    let last = 'no answer';
    while (performance.now() < giveUpAt) {
      const answer = await send(user.token, 'GET');
      if (answer?.status === 200) {
        const set = (JSON.parse(answer.text) as { transactions: TransactionSet }).transactions;
        return { version: versionOf(answer.etag), markers: set.commission.filter(isMarker).map((t) => t.ticker) };
      }
      if (answer) last = `${answer.status} ${answer.text.slice(0, 200)}`;
      if (answer && answer.status !== 502 && answer.status !== 503)
        violations.push(`user ${user.index}: GET answered ${last}`);
      await pause(200);
    }
    throw new Error(`user ${user.index}: no instance answered GET with 200 for 30 s (last: ${last})`);
  };

  /** One write, sent again after every unclear answer until it is acknowledged or found stale. */
  const write = async (user: User) => {
    user.sequence += 1;
    const marker = markerTicker(user.index, user.sequence);
    const markers = [...user.markers, marker];
    const body = JSON.stringify({ transactions: setWith(base, markers) });
    let uncertain = false;
    for (;;) {
      const answer = await send(user.token, 'PUT', body, `"v${user.version}"`);
      if (answer?.status === 200) {
        counts.acknowledged += 1;
        user.markers = markers;
        user.version = versionOf(answer.etag);
        user.acknowledged.add(marker);
        return;
      }
      if (answer?.status === 412) {
        const stored = await read(user);
        const expected = [...user.markers, marker];
        const sameMarkers =
          stored.markers.length === expected.length && expected.every((m) => stored.markers.includes(m));
        if (!uncertain || stored.version !== user.version + 1 || !sameMarkers) {
          violations.push(
            `user ${user.index}: 412 for ${marker} (after an unclear answer: ${uncertain}); stored v${stored.version} [${stored.markers.slice(-3).join(' ')}], known v${user.version}`,
          );
        } else counts.uncertainStored += 1;
        user.markers = stored.markers;
        user.version = stored.version;
        return;
      }
      if (answer && answer.status !== 502 && answer.status !== 503) {
        violations.push(`user ${user.index}: PUT answered ${answer.status}: ${answer.text.slice(0, 200)}`);
        return;
      }
      if (!uncertain) counts.uncertain += 1;
      uncertain = true;
      await pause(50);
    }
  };

  /** A PUT with the version before the last acknowledged one: 412, whatever instance answers it. */
  const staleWrite = async (user: User) => {
    if (user.version < 1) return;
    counts.stale += 1;
    for (;;) {
      const answer = await send(
        user.token,
        'PUT',
        JSON.stringify({ transactions: setWith(base, []) }),
        `"v${user.version - 1}"`,
      );
      if (answer?.status === 412) {
        counts.stale412 += 1;
        return;
      }
      if (answer && answer.status !== 502 && answer.status !== 503) {
        violations.push(`user ${user.index}: a stale PUT answered ${answer.status}`);
        // A stale write stored: learn the set so the run goes on, the violation recorded.
        const stored = await read(user);
        user.markers = stored.markers;
        user.version = stored.version;
        return;
      }
      await pause(50);
    }
  };

  try {
    const config = (await (await fetch(`${proxy.url}/api/config`)).json()) as { issuer: string; clientId: string };
    const key = await serverSigningKey('', schema.connectionString);
    const users: User[] = await Promise.all(
      Array.from({ length: options.users }, async (_, index) => ({
        index,
        token: await mintIdToken(key, {
          iss: config.issuer,
          aud: config.clientId,
          sub: `kill-user-${index}`,
          exp: Math.floor(Date.now() / 1000) + 3600,
        }),
        markers: [],
        version: 0,
        acknowledged: new Set<string>(),
        sequence: 0,
      })),
    );

    const started = performance.now();
    const hardDeadline = started + (options.maxDurationMs ?? 2 * options.durationMs);
    const writing = () => {
      const now = performance.now();
      return now < hardDeadline && (now < started + options.durationMs || counts.kills < (options.minKills ?? 0));
    };
    let killing = true;
    const killer = (async () => {
      for (let turn = 0; killing; turn++) {
        await pause(options.killEveryMs);
        if (!killing || !writing()) break;
        const i = turn % 2;
        await instances[i]!.kill('SIGKILL');
        counts.kills += 1;
        log(`killed instance ${i}`);
        instances[i] = await startPatiently(i);
        route();
      }
    })().catch((error: unknown) => {
      violations.push(`an instance could not be started again: ${(error as Error).message.slice(0, 300)}`);
      killing = false;
    });
    await Promise.all(
      users.map(async (user) => {
        for (let n = 1; writing(); n++) {
          await write(user);
          if (n % 5 === 0) await staleWrite(user);
        }
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;
    killing = false;
    await killer;

    let lost = 0;
    let twice = 0;
    for (const user of users) {
      const stored = await read(user);
      const seen = new Set(stored.markers);
      twice += stored.markers.length - seen.size;
      const missing = [...user.acknowledged].filter((marker) => !seen.has(marker));
      lost += missing.length;
      if (missing.length > 0)
        violations.push(`user ${user.index}: acknowledged and lost: ${missing.slice(0, 5).join(' ')}`);
      if (stored.markers.length !== stored.version)
        violations.push(`user ${user.index}: v${stored.version} holds ${stored.markers.length} markers`);
      if (stored.version !== user.version)
        violations.push(`user ${user.index}: stored v${stored.version}, last known v${user.version}`);
    }
    if (twice > 0) violations.push(`${twice} markers stored twice`);
    const sorted = [...latencies].sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      users: options.users,
      durationS: round(elapsedS),
      kills: counts.kills,
      requests: latencies.length,
      requestsPerSecond: Math.round(latencies.length / elapsedS),
      p50Ms: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
      byStatus,
      acknowledgedWrites: counts.acknowledged,
      uncertainWrites: counts.uncertain,
      uncertainFoundStored: counts.uncertainStored,
      staleWrites: counts.stale,
      staleAnswered412: counts.stale412,
      acknowledgedWritesLost: lost,
      writesStoredTwice: twice,
      violations,
    };
  } finally {
    await Promise.all(instances.map((instance) => instance.kill('SIGTERM')));
    await proxy.close();
    await schema.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

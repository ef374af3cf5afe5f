/**
 * The real server in `yahoo` mode with its real SQLite cache, its upstream a fake Yahoo on loopback that
 * refuses, hangs, answers 500 or 429, or sends garbage. Each fault gives error entries (a 200 with a
 * message per symbol, never stale or made-up data) in bounded time; an outage is remembered so the next
 * call does not go upstream again; and once the fake recovers the answer is exactly what a server that
 * never saw a fault gets: nothing bad was cached. After an outage the server is restarted on the same
 * data directory: the outage memory is kept in the database too (`YAHOO_OUTAGE_SECONDS`, 5 s here), so the
 * restarted server still fails fast until it has passed; then one call probes Yahoo and the others follow
 * (the cache is in the file). The service-level cases are
 * in `tests/integration/server/quotes/cache.garbage-does-not-poison.test.ts` and `yahoo.retries-timeouts-outages.test.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import {
  GARBAGE_MODES,
  startFakeYahooUpstream,
  type FakeYahooUpstream,
  type UpstreamMode,
} from '#helpers/hardening/fake-yahoo-upstream';
import { recordTally } from '#helpers/hardening/tally';

const SYMBOLS = ['MSFT', 'AAPL', 'EUR=X'];
const OUTAGE_MODES: UpstreamMode[] = ['reset', 'status-500', 'status-429', 'hang'];

interface Range {
  start: number;
  end: number;
}
/** Each fault its own half-year (the market data runs 2019–2026), not yet cached when the fault strikes. */
const RANGES: Record<string, Range> = Object.fromEntries(
  [...GARBAGE_MODES, ...OUTAGE_MODES].map((mode, i) => {
    const year = 2019 + Math.floor(i / 2);
    const firstMonth = (i % 2) * 6;
    return [mode, { start: Date.UTC(year, firstMonth, 1) / 1000, end: Date.UTC(year, firstMonth + 6, 1) / 1000 }];
  }),
);
const USER = { username: 'quotes-faults', password: 'quotes-faults-secret' };
/**
 * The server's own waits are an 8 s timeout per attempt and retries of 429/5xx after 0.5 and 2 s: an
 * answer within this bound is a bounded one (a hang passed on would never come), with room for a busy machine.
 */
const MAX_FAULT_ANSWER_MS = 20_000;
/** How long the server remembers an outage, here (60 s by default). */
const OUTAGE_SECONDS = 5;

/** An entry of the answer: a symbol's columns (meta, days, closes, dividends, splits) or its error. */
interface QuoteEntry {
  symbol: string;
  days?: number[];
  error?: string;
}

// Every entry with data carries its validator (incremental quotes, server/quotes/quote-revision.ts).
const COLUMNS_ENTRY_KEYS = ['closes', 'days', 'dividends', 'meta', 'splits', 'symbol', 'validator'];

let yahoo: FakeYahooUpstream;
let dataDir: string;
let server: TestServer;
let idToken: string;
/** What a server that never saw a fault answers, per range. */
const reference = new Map<Range, QuoteEntry[]>();
const tally = { faults: 0, held: 0, requests: 0 };

async function askQuotes(
  target: TestServer,
  token: string,
  range: Range,
): Promise<{ entries: QuoteEntry[]; ms: number }> {
  const started = performance.now();
  tally.requests += 1;
  const response = await fetch(`${target.url}/api/quotes`, {
    method: 'POST',
    headers: { Authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ symbols: SYMBOLS, ...range }),
  });
  expect(response.status).toBe(200);
  return { entries: (await response.json()) as QuoteEntry[], ms: performance.now() - started };
}

/** (Re)starts the server on the data directory and signs in again: a new port is a new issuer. */
async function startOnDataDir(createAccount: boolean): Promise<void> {
  server = await startTestServer({
    DATA_DIR: dataDir,
    QUOTES_PROVIDER: 'yahoo',
    YAHOO_BASE_URL: yahoo.baseUrl,
    YAHOO_OUTAGE_SECONDS: String(OUTAGE_SECONDS),
  });
  ({ idToken } = await signIn(server.url, { ...USER, createAccount }));
}

beforeAll(async () => {
  yahoo = await startFakeYahooUpstream();
  // The reference: a server that never saw a fault, on its own data directory.
  const clean = await startTestServer({ QUOTES_PROVIDER: 'yahoo', YAHOO_BASE_URL: yahoo.baseUrl });
  try {
    const cleanUser = await signIn(clean.url, {
      username: 'reference',
      password: 'reference-secret',
      createAccount: true,
    });
    for (const range of Object.values(RANGES)) {
      const { entries } = await askQuotes(clean, cleanUser.idToken, range);
      expect(entries.map((entry) => Object.keys(entry).sort())).toEqual(SYMBOLS.map(() => COLUMNS_ENTRY_KEYS));
      for (const entry of entries) expect(entry.days!.length, entry.symbol).toBeGreaterThan(0);
      reference.set(range, entries);
    }
  } finally {
    await clean.close();
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hardening-quotes-faults-'));
  await startOnDataDir(true);
});

afterAll(async () => {
  recordTally({
    section: 'faults',
    check:
      'quotes upstream refusing, hanging, 500, 429, garbage → error entries in bounded time, outage remembered, correct data after recovery (cache not poisoned)',
    tried: tally.faults,
    held: tally.held,
    faults: tally.faults,
    requests: tally.requests,
  });
  await server?.close();
  await yahoo?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The entries with `meta.dataSource` (yahoo or cache) left out. */
function sourceless(entries: QuoteEntry[]): unknown {
  return JSON.parse(JSON.stringify(entries, (key, value: unknown) => (key === 'dataSource' ? undefined : value)));
}

function expectErrorEntries(entries: QuoteEntry[], what: string) {
  expect(
    entries.map((entry) => entry.symbol),
    what,
  ).toEqual(SYMBOLS);
  for (const entry of entries) {
    expect(Object.keys(entry).sort(), `${what}: ${entry.symbol} came back with data`).toEqual(['error', 'symbol']);
    expect(entry.error, `${what}: ${entry.symbol}`).toMatch(/\S/);
  }
}

/** Turns the fault on and asks for its range: every symbol must come back as an error entry. */
async function askDuringFault(
  mode: UpstreamMode,
): Promise<{ range: Range; faulty: { entries: QuoteEntry[]; ms: number } }> {
  tally.faults += 1;
  const range = RANGES[mode]!;
  yahoo.setMode(mode);
  const faulty = await askQuotes(server, idToken, range);
  expectErrorEntries(faulty.entries, mode);
  return { range, faulty };
}

describe('garbage under a 200 is refused and never cached', () => {
  it.each(GARBAGE_MODES.map((mode) => [mode]))('%s', async (mode) => {
    const { range } = await askDuringFault(mode);
    yahoo.setMode('ok');
    const recovered = await askQuotes(server, idToken, range);
    expect(recovered.entries, `${mode}: the answer after recovery`).toEqual(reference.get(range));
    tally.held += 1;
  });
});

describe('an outage gives errors in bounded time, is remembered, and leaves the cache clean', () => {
  it.each(OUTAGE_MODES.map((mode) => [mode]))('%s', async (mode) => {
    const { range, faulty } = await askDuringFault(mode);
    expect(faulty.ms, `${mode}: answered after ${Math.round(faulty.ms)} ms`).toBeLessThan(MAX_FAULT_ANSWER_MS);

    const upstreamBefore = yahoo.requestCount();
    const remembered = await askQuotes(server, idToken, range);
    const rememberedAt = performance.now();
    expectErrorEntries(remembered.entries, `${mode}, asked again`);
    expect(remembered.entries[0]!.error).toMatch(/unreachable/);
    expect(yahoo.requestCount(), `${mode}: asked again, it went upstream`).toBe(upstreamBefore);

    yahoo.setMode('ok');
    await server.close();
    await startOnDataDir(false);
    // The outage is over once its time has passed since it was seen (before `rememberedAt`).
    const left = OUTAGE_SECONDS * 1000 + 250 - (performance.now() - rememberedAt);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    // One symbol's call probes Yahoo while the others still fail fast; once it tells, all go out.
    const probed = await askQuotes(server, idToken, range);
    expect(
      probed.entries.filter((entry) => entry.days !== undefined).length,
      `${mode}: the probe after the outage`,
    ).toBeGreaterThan(0);
    const recovered = await askQuotes(server, idToken, range);
    // The probed symbol now comes from the cache: the same data, another `dataSource`.
    expect(sourceless(recovered.entries), `${mode}: the answer after recovery and restart`).toEqual(
      sourceless(reference.get(range)!),
    );
    tally.held += 1;
  });
});

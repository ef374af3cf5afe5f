import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TUNING } from '#server/quotes/quotes-service';
import { createMemoryUpstreamLimits } from '#server/storage/upstream-limits';
import { createYahooProvider, type UpstreamCharts } from '#server/quotes/yahoo-provider';
import { refusedBaseUrl, startFakeYahoo, type FakeYahoo } from '#helpers/quotes/fake-yahoo-chart';
import { RECORDED_AT_MS, recordedChart, utc } from '#helpers/quotes/harness';

const start = utc('2021-03-01');
const end = utc('2021-04-01');
let fake: FakeYahoo;
let clockMs: number;
const events: Array<Record<string, unknown>> = [];

function provider(baseUrl: string, overrides: Partial<Parameters<typeof createYahooProvider>[0]> = {}): UpstreamCharts {
  return createYahooProvider({
    baseUrl,
    timeoutMs: 300,
    retryDelaysMs: [50, 100],
    maxRetryAfterMs: 1_500,
    outageMs: 60_000,
    userBudget: DEFAULT_TUNING.userBudget,
    limits: createMemoryUpstreamLimits(),
    nowMs: () => clockMs,
    log: (event) => events.push(event),
    ...overrides,
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const startedMs = performance.now();
  const result = await work();
  return { result, ms: performance.now() - startedMs };
}

beforeEach(async () => {
  fake = await startFakeYahoo([recordedChart('MSFT-1y-dividends.recorded.json')]);
  clockMs = RECORDED_AT_MS;
  events.length = 0;
});
afterEach(() => fake.close());

describe('the yahoo provider', () => {
  it('sends a browser-like user agent to the redirected base URL', async () => {
    const result = await provider(fake.baseUrl).fetchSeries('MSFT', start, end);
    expect(result.ok).toBe(true);
    expect(fake.requests[0]!.userAgent).toMatch(/^Mozilla\/5\.0 \(.+\) .*Chrome\/[\d.]+ Safari\/[\d.]+$/);
  });

  it('retries 429 and 5xx with growing waits, then succeeds', async () => {
    fake.queue('status-429', 'status-500');
    const { result, ms } = await timed(() => provider(fake.baseUrl).fetchSeries('MSFT', start, end));
    expect(result.ok).toBe(true);
    expect(fake.requests).toHaveLength(3);
    expect(ms).toBeGreaterThanOrEqual(150);
  });

  it('waits as long as Retry-After asks, within its cap', async () => {
    fake.queue('status-429-retry-after-1s');
    const { result, ms } = await timed(() => provider(fake.baseUrl).fetchSeries('MSFT', start, end));
    expect(result.ok).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(1_000);
  });

  it('gives up after the retries with rate-limited, and remembers the outage', async () => {
    fake.queue('status-429', 'status-429', 'status-429');
    const yahoo = provider(fake.baseUrl);
    const result = await yahoo.fetchSeries('MSFT', start, end);
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'rate-limited', message: 'Yahoo answered 429 (after 3 tries)' },
    });
    const next = await yahoo.fetchSeries('MSFT', start, end);
    expect(next.ok || next.failure.kind).toBe('circuit-open');
    expect(fake.requests).toHaveLength(3);
  });

  it('fails fast when the connection is refused, and does not try again until the outage is forgotten', async () => {
    // A long timeout: failing well before it shows that nothing waited.
    const yahoo = provider(await refusedBaseUrl(), { timeoutMs: 5_000 });
    const first = await timed(() => yahoo.fetchSeries('MSFT', start, end));
    expect(first.result).toEqual({
      ok: false,
      failure: { kind: 'offline', message: expect.stringContaining('connection refused') },
    });
    expect(first.ms).toBeLessThan(1_000);

    const second = await yahoo.fetchSeries('MSFT', start, end);
    expect(second).toEqual({
      ok: false,
      failure: { kind: 'circuit-open', message: expect.stringMatching(/connection refused.*next try in 60 s/) },
    });
    expect(events.filter((event) => event.event === 'quotes.upstream')).toHaveLength(1);

    clockMs += 60_000;
    const probe = await yahoo.fetchSeries('MSFT', start, end);
    expect(probe.ok || probe.failure.kind).toBe('offline');
    expect(events.filter((event) => event.event === 'quotes.upstream')).toHaveLength(2);
  });

  it('reports a DNS failure as offline', async () => {
    const result = await provider('http://quotes.invalid', { timeoutMs: 5_000 }).fetchSeries('MSFT', start, end);
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'offline', message: expect.stringContaining('quotes.invalid') },
    });
  });

  it('bounds a hanging upstream by the timeout, then fails fast while the outage is remembered', async () => {
    fake.queue('hang');
    const yahoo = provider(fake.baseUrl);
    const hung = await timed(() => yahoo.fetchSeries('MSFT', start, end));
    expect(hung.result).toEqual({
      ok: false,
      failure: { kind: 'timeout', message: expect.stringContaining('within 300 ms') },
    });
    expect(hung.ms).toBeLessThan(1_000);
    const next = await timed(() => yahoo.fetchSeries('MSFT', start, end));
    expect(next.result.ok || next.result.failure.kind).toBe('circuit-open');
    expect(next.ms).toBeLessThan(100);
    expect(fake.requests).toHaveLength(1);
  });

  it('passes on an unknown symbol (a 404) as unknown-symbol, in Yahoo words, and keeps calling', async () => {
    const yahoo = provider(fake.baseUrl);
    const unknown = await yahoo.fetchSeries('NOPE', start, end);
    expect(unknown).toEqual({
      ok: false,
      failure: { kind: 'unknown-symbol', message: 'Yahoo answered 404: No data found, symbol may be delisted' },
    });
    expect((await yahoo.fetchSeries('MSFT', start, end)).ok).toBe(true);
    expect(fake.requests).toHaveLength(2);
  });
});

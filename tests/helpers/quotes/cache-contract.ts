/** What every `QuoteCache` must do, run against SQLite and PostgreSQL alike. */
import { describe, expect, it } from 'vitest';
import { epochDayFromIso } from '#src/model/days';
import type { QuoteCache } from '#server/quotes';
import type { QuoteBar, QuoteSeries } from '#server/quotes/series';

const DAY = 86_400;
/** 2024-03-04 is a Monday; bars at 14:30 UTC, the New York open in winter. */
const monday = Date.parse('2024-03-04T14:30:00Z') / 1000;

function bar(dayOffset: number, close: number | null): QuoteBar {
  const timestampSeconds = monday + dayOffset * DAY;
  return {
    timestampSeconds,
    epochDay: epochDayFromIso('2024-03-04') + dayOffset,
    open: close,
    high: close === null ? null : close + 1,
    low: close === null ? null : close - 1,
    close,
    volume: close === null ? null : 1_000_000 + dayOffset,
  };
}

function series(bars: QuoteBar[], extra: Partial<QuoteSeries> = {}): QuoteSeries {
  return {
    meta: { symbol: 'MSFT', currency: 'USD', exchangeTimezoneName: 'America/New_York', regularMarketPrice: 400 },
    bars,
    dividends: [],
    splits: [],
    ...extra,
  };
}

const coverage = { startSeconds: monday - DAY, endSeconds: monday + 5 * DAY, fetchedAtSeconds: monday + 10 * DAY };
/** The coverage as read back: what was written, with the token of the write that stored it. */
const stored = (written: typeof coverage) => ({ ...written, written: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) });

/** An empty database for one test; `open` may be called more than once on it. */
export interface CacheDatabase {
  open(): Promise<QuoteCache>;
}

export function describeQuoteCacheContract(name: string, emptyDatabase: () => Promise<CacheDatabase>): void {
  const openCache = async () => (await emptyDatabase()).open();
  describe(`the quote cache on ${name}`, () => {
    it('knows nothing of a symbol never written', async () => {
      const cache = await openCache();
      expect(await cache.coverage('NEVER')).toBeNull();
      expect(await cache.read('NEVER', 0, 2 ** 31)).toBeNull();
    });

    it('gives back bars, events, meta and coverage as written, sliced to the range asked', async () => {
      const cache = await openCache();
      const bars = [bar(0, 400.25), bar(1, null), bar(2, 402.5), bar(3, 403)];
      const dividend = { dateSeconds: monday + 2 * DAY, epochDay: bars[2]!.epochDay, amount: 0.75 };
      const split = { dateSeconds: monday + DAY, epochDay: bars[1]!.epochDay, numerator: 2, denominator: 1 };
      await cache.write('MSFT', series(bars, { dividends: [dividend], splits: [split] }), coverage);

      expect(await cache.coverage('MSFT')).toEqual(stored(coverage));
      expect(await cache.read('MSFT', 0, 2 ** 31)).toEqual(series(bars, { dividends: [dividend], splits: [split] }));
      const middle = await cache.read('MSFT', monday + DAY, monday + 2 * DAY);
      expect(middle!.bars).toEqual([bars[1], bars[2]]);
      expect(middle!.dividends).toEqual([dividend]);
      expect(middle!.splits).toEqual([split]);
    });

    it('replaces a stored day with a newer bar of that day, even one stamped at another time', async () => {
      const cache = await openCache();
      await cache.write('MSFT', series([bar(0, 400), bar(1, 401)]), coverage);
      const restamped = { ...bar(1, 405), timestampSeconds: monday + DAY + 5 * 3600 };
      await cache.write('MSFT', series([restamped, bar(2, 406)]), coverage);
      expect((await cache.read('MSFT', 0, 2 ** 31))!.bars).toEqual([bar(0, 400), restamped, bar(2, 406)]);
    });

    it('never lets a bar without a close replace one with a close', async () => {
      const cache = await openCache();
      await cache.write('MSFT', series([bar(0, 400)]), coverage);
      await cache.write('MSFT', series([bar(0, null)]), coverage);
      expect((await cache.read('MSFT', 0, 2 ** 31))!.bars).toEqual([bar(0, 400)]);
    });

    it('stores a new write token at every write, read back the same until the next one', async () => {
      const cache = await openCache();
      await cache.write('MSFT', series([bar(0, 400)]), coverage);
      const first = (await cache.coverage('MSFT'))!.written;
      expect((await cache.coverage('MSFT'))!.written).toBe(first);
      // The same bars and coverage written again (a refetch that changed nothing): still a new token.
      await cache.write('MSFT', series([bar(0, 400)]), coverage);
      const second = (await cache.coverage('MSFT'))!.written;
      expect(second).not.toBe(first);
      // A correction, and a forget and write again (a new split): each a new token.
      await cache.write('MSFT', series([bar(0, 401)]), coverage);
      const corrected = (await cache.coverage('MSFT'))!.written;
      await cache.forget('MSFT');
      await cache.write('MSFT', series([bar(0, 200)]), coverage);
      const rewritten = (await cache.coverage('MSFT'))!.written;
      expect(new Set([first, second, corrected, rewritten]).size).toBe(4);
    });

    it('keeps the latest meta and coverage', async () => {
      const cache = await openCache();
      await cache.write('MSFT', series([bar(0, 400)]), coverage);
      const later = {
        ...coverage,
        endSeconds: coverage.endSeconds + DAY,
        fetchedAtSeconds: coverage.fetchedAtSeconds + DAY,
      };
      await cache.write(
        'MSFT',
        { ...series([]), meta: { symbol: 'MSFT', currency: 'USD', regularMarketPrice: 410 } },
        later,
      );
      expect(await cache.coverage('MSFT')).toEqual(stored(later));
      expect((await cache.read('MSFT', 0, 2 ** 31))!.meta.regularMarketPrice).toBe(410);
    });

    it('keeps symbols apart and forgets one without touching another', async () => {
      const cache = await openCache();
      await cache.write('MSFT', series([bar(0, 400)]), coverage);
      await cache.write('EUR=X', { ...series([bar(0, 0.92)]), meta: { symbol: 'EUR=X', currency: 'EUR' } }, coverage);
      await cache.forget('MSFT');
      expect(await cache.coverage('MSFT')).toBeNull();
      expect(await cache.read('MSFT', 0, 2 ** 31)).toBeNull();
      expect((await cache.read('EUR=X', 0, 2 ** 31))!.bars).toEqual([bar(0, 0.92)]);
    });

    it('can be opened again on the same database and finds what was written', async () => {
      const database = await emptyDatabase();
      const first = await database.open();
      await first.write('MSFT', series([bar(0, 400)]), coverage);
      const reopened = await database.open();
      expect(await reopened.coverage('MSFT')).toEqual(stored(coverage));
      // Another instance on the database reads the same token: it knows the series is the one it read.
      expect((await reopened.coverage('MSFT'))!.written).toBe((await first.coverage('MSFT'))!.written);
      expect((await reopened.read('MSFT', 0, 2 ** 31))!.bars).toEqual([bar(0, 400)]);
    });

    it('remembers a symbol Yahoo does not know until its time is up, for another opening too, and drops ended entries', async () => {
      const database = await emptyDatabase();
      const cache = await database.open();
      const nowMs = Date.parse('2025-02-22T10:00:00Z');
      expect(await cache.unknownSymbols.find('NOPE', nowMs)).toBeNull();
      await cache.unknownSymbols.remember('NOPE', 'Yahoo answered 404', nowMs + 1000, nowMs);
      await cache.unknownSymbols.remember('GONE', 'Yahoo answered 404: delisted', nowMs + 10, nowMs);
      const again = await database.open();
      expect(await again.unknownSymbols.find('NOPE', nowMs + 999)).toBe('Yahoo answered 404');
      expect(await again.unknownSymbols.find('NOPE', nowMs + 1000)).toBeNull();
      expect(await again.unknownSymbols.find('MSFT', nowMs)).toBeNull();
      // Remembered again later: the new reason and time replace the old; GONE, ended, is dropped.
      await again.unknownSymbols.remember('NOPE', 'Yahoo answered 404 again', nowMs + 5000, nowMs + 20);
      expect(await cache.unknownSymbols.find('NOPE', nowMs + 4000)).toBe('Yahoo answered 404 again');
      expect(await cache.unknownSymbols.find('GONE', nowMs)).toBeNull();
    });
  });
}

/**
 * The sample market data for trades in other currencies and other base currencies (issue 34): offline, the
 * files provider serves the listings in GBp, CHF, SEK and JPY and every rate the bases EUR, USD and GBP
 * need, marked sample, and the engine converts a portfolio in six currencies into each base with nothing
 * missing; the cross rates agree with the dollar rates they are made of.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { QuoteEntry, Transaction } from '#src/model';
import { PortfolioEngine } from '#src/worker/engine';
import { fxSymbolFor } from '#src/worker/engine/currency';
import { columnsFromSeries } from '#server/quotes/quote-columns';
import { createFilesProvider } from '#server/quotes/files-provider';
import type { QuoteSeries } from '#server/quotes/series';
import { stock, transactionSet } from '#helpers/worker/portfolio';
import { utc } from '#helpers/quotes/harness';

const marketDir = join(import.meta.dirname, '../../../../data/market');
const files = createFilesProvider(marketDir, () => {});
const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'JPY'];
const BASES = ['EUR', 'USD', 'GBP'];

async function read(symbol: string): Promise<{ series: QuoteSeries; entry: QuoteEntry }> {
  const answer = await files.read(symbol, utc('2019-01-01'), utc('2026-11-21'));
  if (!answer.ok) throw new Error(`${symbol}: ${answer.message}`);
  return { series: answer.series, entry: columnsFromSeries(symbol, answer.series, answer.dataSource) };
}

const closeOn = (series: QuoteSeries, epochDay: number) => series.bars.find((bar) => bar.epochDay === epochDay)!.close!;

describe('the sample rates and listings in other currencies', () => {
  const rates = BASES.flatMap((base) =>
    CURRENCIES.map((currency) => fxSymbolFor(currency, base)).filter((symbol) => symbol !== null),
  );

  it('hold every rate of EUR, USD, GBP, CHF, SEK and JPY into each base, in the base, marked sample', async () => {
    expect(rates).toHaveLength(15);
    for (const symbol of rates) {
      const answer = await files.read(symbol, utc('2019-01-01'), utc('2026-11-21'));
      expect(answer.ok, symbol).toBe(true);
      if (!answer.ok) continue;
      expect(answer.dataSource, symbol).toBe('sample');
      expect(answer.series.bars.length, symbol).toBeGreaterThan(2000);
      expect(
        answer.series.bars.every((bar) => bar.close !== null && bar.close > 0),
        symbol,
      ).toBe(true);
    }
    expect((await read('GBPUSD=X')).series.meta.currency).toBe('USD');
    expect((await read('JPYGBP=X')).series.meta.currency).toBe('GBP');
  });

  it('make each cross rate the ratio of the dollar rates on the same day (6 significant digits)', async () => {
    const eurPerUsd = (await read('EUR=X')).series;
    const gbpPerUsd = (await read('GBP=X')).series;
    const gbpEur = (await read('GBPEUR=X')).series;
    const eurUsd = (await read('EURUSD=X')).series;
    const eurGbp = (await read('EURGBP=X')).series;
    for (const bar of gbpEur.bars.filter((_, index) => index % 97 === 0)) {
      const day = bar.epochDay;
      const eur = closeOn(eurPerUsd, day);
      const gbp = closeOn(gbpPerUsd, day);
      expect(bar.close! / (eur / gbp)).toBeCloseTo(1, 5);
      expect(closeOn(eurUsd, day) * eur).toBeCloseTo(1, 5);
      expect(closeOn(eurGbp, day) * closeOn(gbpEur, day)).toBeCloseTo(1, 5);
    }
  });

  it('offer one listing per currency, in its own currency (pence for London)', async () => {
    const listings = { 'ULVR.L': 'GBp', 'NESN.SW': 'CHF', 'VOLV-B.ST': 'SEK', '7203.T': 'JPY' };
    for (const [symbol, currency] of Object.entries(listings)) {
      const { series } = await read(symbol);
      expect(series.meta.currency, symbol).toBe(currency);
      expect(series.dividends.length, symbol).toBeGreaterThan(0);
    }
  });

  it('let the engine convert trades in six currencies into EUR, USD and GBP offline, nothing missing', async () => {
    const rows: Transaction[] = [
      stock('VWCE.DE', '2023-03-01', 10, 900),
      stock('MSFT', '2023-03-01', 2, 500, 'USD'),
      stock('ULVR.L', '2023-03-01', 20, 820, 'GBP'),
      stock('NESN.SW', '2023-03-01', 5, 540, 'CHF'),
      stock('VOLV-B.ST', '2023-03-01', 30, 6000, 'SEK'),
      stock('7203.T', '2023-03-01', 100, 180_000, 'JPY'),
    ];
    const values = new Map<string, number>();
    for (const base of BASES) {
      const engine = new PortfolioEngine();
      engine.setTransactions(transactionSet(rows));
      engine.setBaseCurrency(base);
      const loaded = new Set<string>();
      // A quote's currency names the next rate: ask until nothing new is needed.
      for (let wanted = engine.symbolsToRequest(); wanted.some((s) => !loaded.has(s));) {
        const fresh = wanted.filter((symbol) => !loaded.has(symbol));
        engine.setQuotes(await Promise.all(fresh.map(async (symbol) => (await read(symbol)).entry)));
        fresh.forEach((symbol) => loaded.add(symbol));
        wanted = engine.symbolsToRequest();
      }
      const d = engine.derive('2026-11-20', null);
      expect(d.baseCurrency).toBe(base);
      expect(d.summary.missingSymbols, base).toEqual([]);
      expect(d.summary.excludedTickers, base).toEqual([]);
      expect(d.summary.portfolioValue, base).toBeGreaterThan(0);
      values.set(base, d.summary.portfolioValue);
    }
    // The same holdings on the same day: the bases differ by the rate between them only.
    const lastDay = (await read('EURUSD=X')).series.bars.at(-1)!.epochDay;
    const eurUsd = closeOn((await read('EURUSD=X')).series, lastDay);
    const eurGbp = closeOn((await read('EURGBP=X')).series, lastDay);
    expect(values.get('USD')! / (values.get('EUR')! * eurUsd)).toBeCloseTo(1, 4);
    expect(values.get('GBP')! / (values.get('EUR')! * eurGbp)).toBeCloseTo(1, 4);
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { epochDayFromIso, isoFromEpochDay } from '#src/model/days';
import { BENCHMARK_SUGGESTIONS } from '#src/model/settings';
import { validateTransactionsBody } from '#src/model/transaction-schema';
import type { Transaction, TransactionsBody } from '#src/model/transaction';
import { parseChart } from '#server/quotes/chart-json';
import { createFilesProvider, marketFileName } from '#server/quotes/files-provider';
import { generateMarketData } from '#scripts/sample-data/generate-market-data';
import type { QuoteSeries } from '#server/quotes/series';
import { utc } from '#helpers/quotes/harness';

const dataDir = join(import.meta.dirname, '../../../../data');
const marketDir = join(dataDir, 'market');
const portfolio = JSON.parse(readFileSync(join(dataDir, 'demo-portfolio.json'), 'utf8')) as TransactionsBody;
const all: Transaction[] = Object.values(portfolio.transactions).flat();
const tickers = [...new Set(all.map((t) => t.ticker))].sort();
const LAST_DAY = '2026-11-20';

function committedSeries(symbol: string): QuoteSeries {
  const parsed = parseChart(JSON.parse(readFileSync(join(marketDir, marketFileName(symbol)), 'utf8')), symbol);
  if (!parsed.ok) throw new Error(`${symbol}: ${parsed.reason}`);
  return parsed.series;
}

describe('the demo portfolio', () => {
  it('is a valid transactions body, each list sorted by date', () => {
    expect(validateTransactionsBody(portfolio)).toMatchObject({ ok: true });
    for (const list of Object.values(portfolio.transactions) as Transaction[][]) {
      expect(list.map((t) => t.date)).toEqual(list.map((t) => t.date).sort());
    }
  });

  it('has several tickers over several years, a USD holding, dividends, commissions, a refund and a sell', () => {
    const { stock, dividend, commission } = portfolio.transactions;
    expect(tickers.length).toBeGreaterThanOrEqual(4);
    expect(stock[0]!.date < '2019-12-31' && stock.at(-1)!.date > '2026-01-01').toBe(true);
    expect(stock.some((t) => t.currency === 'USD')).toBe(true);
    expect(stock.some((t) => t.amount < 0 && t.value < 0)).toBe(true);
    expect(new Set(dividend.map((t) => t.date.slice(0, 4))).size).toBeGreaterThanOrEqual(7);
    expect(dividend.some((t) => t.currency === 'USD')).toBe(true);
    expect(commission.some((t) => t.value < 0)).toBe(true);
    expect(all.every((t) => t.date <= LAST_DAY)).toBe(true);
  });

  it('never sells more shares than it holds', () => {
    for (const ticker of tickers) {
      let held = 0;
      for (const trade of portfolio.transactions.stock.filter((t) => t.ticker === ticker)) {
        held += trade.amount;
        expect(held, `${ticker} on ${trade.date}`).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

describe('the market data of the demo portfolio and the suggested benchmarks', () => {
  const benchmarks = BENCHMARK_SUGGESTIONS.map((suggestion) => suggestion.symbol);
  const symbols = [...new Set([...tickers, ...benchmarks, 'EUR=X'])];

  it.each(symbols)('%s has a file from before its first transaction to 2026-11-20, marked sample', (symbol) => {
    const series = committedSeries(symbol);
    // A symbol without transactions (an exchange rate, a benchmark) is needed from the demo's first day.
    const firstDate =
      all
        .filter((t) => t.ticker === symbol)
        .map((t) => t.date)
        .sort()[0] ?? all.map((t) => t.date).sort()[0]!;
    expect(series.bars[0]!.epochDay).toBeLessThanOrEqual(epochDayFromIso(firstDate));
    expect(isoFromEpochDay(series.bars.at(-1)!.epochDay)).toBe(LAST_DAY);
    const raw = JSON.parse(readFileSync(join(marketDir, marketFileName(symbol)), 'utf8'));
    expect(raw.chart.result[0].meta).toMatchObject({ dataSource: 'sample', symbol });
    expect(series.meta.currency).toMatch(/^(EUR|USD)$/);
  });

  it.each(symbols)(
    '%s has bars on weekdays only, stamped at the venue opening in its own zone, dividends on bar days',
    (symbol) => {
      const series = committedSeries(symbol);
      const timeZone = series.meta.exchangeTimezoneName!;
      const openings = new Set(
        series.bars.map((bar) => {
          const local = Temporal.Instant.fromEpochMilliseconds(bar.timestampSeconds * 1000).toZonedDateTimeISO(
            timeZone,
          );
          expect(local.dayOfWeek).toBeLessThanOrEqual(5);
          return `${local.hour}:${local.minute}`;
        }),
      );
      expect(openings.size).toBe(1);
      const barDays = new Set(series.bars.map((bar) => bar.epochDay));
      expect(series.dividends.every((d) => barDays.has(d.epochDay))).toBe(true);
    },
  );

  it('serves a slice inside a real recording as files and the whole range as sample', async () => {
    const files = createFilesProvider(marketDir, () => {});
    const recorded = await files.read('MSFT', utc('2021-03-01'), utc('2021-12-01'));
    const whole = await files.read('MSFT', utc('2019-01-01'), utc('2026-11-21'));
    expect(recorded.ok && recorded.dataSource).toBe('files');
    expect(whole.ok && whole.dataSource).toBe('sample');
  });

  it.each(BENCHMARK_SUGGESTIONS.map((suggestion) => suggestion.symbol))(
    'the files provider serves the suggested benchmark %s over the demo history, marked sample',
    async (symbol) => {
      const files = createFilesProvider(marketDir, () => {});
      const read = await files.read(symbol, utc('2019-01-01'), utc('2026-11-21'));
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      expect(read.dataSource).toBe('sample');
      expect(read.series.meta.symbol).toBe(symbol);
      // From VWCE.DE's first XETRA day at the latest: a benchmark needs prices from the demo's early buys on.
      expect(isoFromEpochDay(read.series.bars[0]!.epochDay) <= '2019-07-24').toBe(true);
      expect(isoFromEpochDay(read.series.bars.at(-1)!.epochDay)).toBe(LAST_DAY);
      expect(read.series.bars.every((bar) => bar.close !== null && bar.close > 0)).toBe(true);
    },
  );

  it('is what npm run market:generate writes, and stays small', () => {
    const generated = generateMarketData(join(marketDir, 'sources'));
    expect(generated.portfolio).toEqual(portfolio);
    for (const { fileName, chart } of generated.charts) {
      expect(JSON.parse(readFileSync(join(marketDir, fileName), 'utf8')), fileName).toEqual(chart);
    }
    const chartFiles = readdirSync(marketDir).filter((name) => name.endsWith('.json'));
    expect(chartFiles.sort()).toEqual(generated.charts.map((c) => c.fileName).sort());
    const bytes = chartFiles.reduce((sum, name) => sum + statSync(join(marketDir, name)).size, 0);
    expect(bytes).toBeLessThan(3 * 1024 * 1024);
  });
});

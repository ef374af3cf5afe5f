/**
 * Builders for engine tests: transactions, hand-made Yahoo charts and the recorded fixtures as the quotes
 * service answers them (through the server's own `parseChart` into its columns), grid look-ups.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  epochDayFromIso,
  SECONDS_PER_DAY,
  type Currency,
  type QuoteEntry,
  type Transaction,
  type TransactionSet,
  type YahooChart,
} from '#src/model';
import { PortfolioEngine, type ActiveSeries, type Derivation } from '#src/worker/engine';
import { columnsFromChart } from '#server/quotes/quote-columns';

export function stock(
  ticker: string,
  date: string,
  amount: number,
  value: number,
  currency: Currency = 'EUR',
): Transaction {
  return { ticker, type: 'stock', date, amount, value, currency };
}

export function dividend(ticker: string, date: string, value: number, currency: Currency = 'EUR'): Transaction {
  return { ticker, type: 'dividend', date, amount: 1, value, currency };
}

export function commission(ticker: string, date: string, value: number, currency: Currency = 'EUR'): Transaction {
  return { ticker, type: 'commission', date, amount: 1, value, currency };
}

export function transactionSet(rows: readonly Transaction[]): TransactionSet {
  return {
    stock: rows.filter((row) => row.type === 'stock'),
    dividend: rows.filter((row) => row.type === 'dividend'),
    commission: rows.filter((row) => row.type === 'commission'),
  };
}

export interface ChartSpec {
  currency: string;
  /** IANA zone written to `meta.exchangeTimezoneName`; absent means the chart has none (UTC dates). */
  timeZone?: string;
  /** `[YYYY-MM-DD, close]`, stamped at `hourUtc` of that UTC date. */
  bars: ReadonlyArray<readonly [string, number | null]>;
  hourUtc?: number;
  /** `[YYYY-MM-DD, amount per share]` */
  dividends?: ReadonlyArray<readonly [string, number]>;
  /** `[YYYY-MM-DD, numerator, denominator]` */
  splits?: ReadonlyArray<readonly [string, number, number]>;
}

export function unixSecondsAt(date: string, hourUtc: number): number {
  return epochDayFromIso(date) * SECONDS_PER_DAY + hourUtc * 3600;
}

/** The quotes-service entry of a hand-made Yahoo v8 chart. */
export function chart(symbol: string, spec: ChartSpec): QuoteEntry {
  const hour = spec.hourUtc ?? 12;
  const dividends = Object.fromEntries(
    (spec.dividends ?? []).map(([date, amount]) => [
      String(unixSecondsAt(date, hour)),
      { amount, date: unixSecondsAt(date, hour) },
    ]),
  );
  const splits = Object.fromEntries(
    (spec.splits ?? []).map(([date, numerator, denominator]) => [
      String(unixSecondsAt(date, hour)),
      { date: unixSecondsAt(date, hour), numerator, denominator, splitRatio: `${numerator}:${denominator}` },
    ]),
  );
  const data: YahooChart = {
    chart: {
      result: [
        {
          meta: { currency: spec.currency, symbol, ...(spec.timeZone ? { exchangeTimezoneName: spec.timeZone } : {}) },
          timestamp: spec.bars.map(([date]) => unixSecondsAt(date, hour)),
          events: { dividends, splits },
          indicators: { quote: [{ close: spec.bars.map(([, close]) => close) }] },
        },
      ],
      error: null,
    },
  };
  return columnsFromChart(symbol, data, 'yahoo');
}

/** The quotes-service entry of a recorded fixture from `tests/fixtures/yahoo/` (recorded files wrap the chart under `response.bodyJson`). */
export function fixtureEntry(file: string, symbol: string): QuoteEntry {
  const json = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/yahoo', file), 'utf8')) as
    YahooChart | { response: { bodyJson: YahooChart } };
  return columnsFromChart(symbol, 'response' in json ? json.response.bodyJson : json, 'yahoo');
}

export function derive(
  rows: readonly Transaction[],
  quotes: QuoteEntry[],
  asOf: string,
  active: readonly string[] | null = null,
): Derivation {
  const engine = new PortfolioEngine();
  engine.setTransactions(transactionSet(rows));
  engine.setQuotes(quotes);
  return engine.derive(asOf, active);
}

/** The grid index of a date in an active series. */
export function indexOf(active: ActiveSeries, date: string): number {
  return epochDayFromIso(date) - epochDayFromIso(active.firstDay);
}

/** A series read on a few dates, for readable expectations. */
export function on(active: ActiveSeries, series: Float64Array, dates: readonly string[]): number[] {
  return dates.map((date) => series[indexOf(active, date)]);
}

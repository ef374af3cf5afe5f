/**
 * Deterministic portfolios for benchmarks (and for seeding a demo in the browser benchmark): for every
 * ticker and exchange rate its quotes as `/api/quotes` answers them (`quotes`, for the engine) and as the
 * Yahoo v8 chart JSON the server reads from a market folder (`charts`), and a transaction set, all
 * derived from one seed.
 *   M: 20 tickers, 15 years of daily bars, 2,000 transactions.
 *   L: 50 tickers, 30 years of daily bars, 10,000 transactions.
 *   XL: 200 tickers, 30 years of daily bars, 50,000 transactions.
 * L and XL also hold the account's deposits and withdrawals (`cash`: a deposit on the first weekday of
 * every month, a withdrawal about every four years), beside the set rather than in it: the engine bench
 * hands them to the engine with the set; what the browser bench and the server tests PUT stays the seed's shape.
 */
import {
  epochDayFromIso,
  isoFromEpochDay,
  SECONDS_PER_DAY,
  type CashTransaction,
  type Currency,
  type QuoteColumnsEntry,
  type Transaction,
  type TransactionSet,
  type YahooChart,
} from '../../src/model';
import { seededRandom } from '../../scripts/sample-data/random-walk';

export type WorkloadSize = 'M' | 'L' | 'XL';

export interface Workload {
  transactions: TransactionSet;
  /** The account's deposits and withdrawals, in date order (none in M). */
  cash: CashTransaction[];
  /** Each symbol's quotes as the server answers them for the whole range. */
  quotes: QuoteColumnsEntry[];
  /** The same quotes as Yahoo's chart JSON, for a market folder (bench/browser/market-files.ts). */
  charts: MarketChart[];
  /**
   * The exchange rates a base of GBP needs (`EURGBP=X`, `GBP=X`, `CHFGBP=X`), both ways, crossed from the
   * EUR rates (issue 34): apart from `quotes`, so a run in EUR parses what it always did.
   */
  toGbp: { quotes: QuoteColumnsEntry[]; charts: MarketChart[] };
  asOf: string;
}

export interface MarketChart {
  symbol: string;
  chart: YahooChart;
}

type Generated = { columns: QuoteColumnsEntry; chart: MarketChart };

export const WORKLOAD_SIZES: Record<
  WorkloadSize,
  { tickers: number; years: number; transactions: number; cash: boolean }
> = {
  M: { tickers: 20, years: 15, transactions: 2_000, cash: false },
  L: { tickers: 50, years: 30, transactions: 10_000, cash: true },
  XL: { tickers: 200, years: 30, transactions: 50_000, cash: true },
};

const AS_OF = '2024-12-31';

/** Where a generated ticker trades: its quote currency, its zone, when (UTC) its daily bar is stamped. */
const EXCHANGES = [
  { suffix: '.DE', currency: 'EUR', timeZone: 'Europe/Berlin', barHourUtc: 8, transactionCurrency: 'EUR' },
  { suffix: '', currency: 'USD', timeZone: 'America/New_York', barHourUtc: 14.5, transactionCurrency: 'USD' },
  { suffix: '.AS', currency: 'EUR', timeZone: 'Europe/Amsterdam', barHourUtc: 8, transactionCurrency: 'EUR' },
  { suffix: '.L', currency: 'GBp', timeZone: 'Europe/London', barHourUtc: 8, transactionCurrency: 'EUR' },
  { suffix: '.SW', currency: 'CHF', timeZone: 'Europe/Zurich', barHourUtc: 8, transactionCurrency: 'EUR' },
] as const;

const FX = [
  { symbol: 'EUR=X', start: 0.85 },
  { symbol: 'GBPEUR=X', start: 1.15 },
  { symbol: 'CHFEUR=X', start: 0.9 },
] as const;

interface GeneratedTicker {
  symbol: string;
  /** Position in the workload; its last digit picks the dividend payers and the splitters. */
  index: number;
  exchange: (typeof EXCHANGES)[number];
  /** Close in the quote currency per weekday of the range (null now and then, as Yahoo sends). */
  closes: Array<number | null>;
}

export function makeWorkload(size: WorkloadSize, seed = 'engine-benchmark'): Workload {
  const spec = WORKLOAD_SIZES[size];
  const next = seededRandom(`${seed}/${size}`);
  const lastDay = epochDayFromIso(AS_OF);
  const firstDay = lastDay - Math.round(spec.years * 365.25);
  const weekdays: number[] = [];
  for (let day = firstDay; day <= lastDay; day += 1) {
    const weekday = (((day + 3) % 7) + 7) % 7; // 0 = Monday; epoch day 0 was a Thursday
    if (weekday < 5) weekdays.push(day);
  }

  const tickers: GeneratedTicker[] = Array.from({ length: spec.tickers }, (_, k) => {
    const exchange = EXCHANGES[k % EXCHANGES.length];
    const symbol = `T${String(k).padStart(spec.tickers > 100 ? 3 : 2, '0')}${exchange.suffix}`;
    return {
      symbol,
      index: k,
      exchange,
      closes: randomWalk(next, weekdays.length, exchange.currency === 'GBp' ? 1500 : 50, 0.002),
    };
  });
  const generated: Generated[] = tickers.map((ticker) => tickerChart(next, ticker, weekdays));
  const eurRates = new Map<string, Array<number | null>>();
  for (const fx of FX) {
    const closes = randomWalk(next, weekdays.length, fx.start, 0);
    eurRates.set(fx.symbol, closes);
    generated.push(chartEntry(fx.symbol, 'EUR', 'Europe/London', weekdays, 0, closes, {}, {}));
  }
  const toGbp = gbpRates(eurRates, weekdays);

  const transactions: TransactionSet = { stock: [], dividend: [], commission: [] };
  for (let k = 0; k < spec.transactions; k += 1) {
    const ticker = tickers[Math.floor(next() * tickers.length)];
    const index = Math.floor(next() * weekdays.length);
    const date = isoFromEpochDay(weekdays[index]);
    const currency: Currency = ticker.exchange.transactionCurrency;
    const priceInCurrency = nearestClose(ticker.closes, index) / (ticker.exchange.currency === 'GBp' ? 100 : 1);
    const kind = next();
    if (kind < 0.7) {
      const amount = next() < 0.85 ? 1 + Math.floor(next() * 20) : -(1 + Math.floor(next() * 5));
      transactions.stock.push(row(ticker.symbol, 'stock', date, amount, round2(amount * priceInCurrency), currency));
    } else if (kind < 0.9) {
      transactions.dividend.push(row(ticker.symbol, 'dividend', date, 1, round2(1 + next() * 40), currency));
    } else {
      transactions.commission.push(
        row(ticker.symbol, 'commission', date, 1, next() < 0.05 ? -2 : round2(0.5 + next() * 3), 'EUR'),
      );
    }
  }
  for (const list of Object.values(transactions))
    list.sort((a: Transaction, b: Transaction) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const cash = spec.cash ? depositsAndWithdrawals(seededRandom(`${seed}/${size}/cash`), weekdays, transactions) : [];
  return {
    transactions,
    cash,
    quotes: generated.map(({ columns }) => columns),
    charts: generated.map(({ chart }) => chart),
    toGbp: { quotes: toGbp.map(({ columns }) => columns), charts: toGbp.map(({ chart }) => chart) },
    asOf: AS_OF,
  };
}

/**
 * GBP per unit of EUR, USD and CHF on each weekday, crossed from the EUR rates (no random draw, so the
 * rest of the workload stays as it was): GBP per EUR = 1 / (EUR per GBP), GBP per USD = (EUR per USD) /
 * (EUR per GBP), GBP per CHF = (EUR per CHF) / (EUR per GBP); a day either rate lacks has no close.
 */
function gbpRates(eurRates: ReadonlyMap<string, Array<number | null>>, weekdays: readonly number[]): Generated[] {
  const eurPerGbp = eurRates.get('GBPEUR=X') as Array<number | null>;
  const crossed = (eurPerUnit: Array<number | null> | null) =>
    eurPerGbp.map((gbp, k) => {
      const unit = eurPerUnit ? eurPerUnit[k] : 1;
      return gbp === null || unit === null ? null : Math.round((unit / gbp) * 1_000_000) / 1_000_000;
    });
  return [
    { symbol: 'EURGBP=X', closes: crossed(null) },
    { symbol: 'GBP=X', closes: crossed(eurRates.get('EUR=X') as Array<number | null>) },
    { symbol: 'CHFGBP=X', closes: crossed(eurRates.get('CHFEUR=X') as Array<number | null>) },
  ].map(({ symbol, closes }) => chartEntry(symbol, 'GBP', 'Europe/London', weekdays, 0, closes, {}, {}));
}

/**
 * A deposit on the first weekday of every month, each about what the month's buys cost (the sum of the
 * buys over the months, ± 20 %), and a withdrawal of a few months' deposits on the first weekday of
 * every 47th month. Its own random sequence: the set stays as it was before the workloads had cash.
 */
function depositsAndWithdrawals(
  next: () => number,
  weekdays: readonly number[],
  transactions: TransactionSet,
): CashTransaction[] {
  const firstWeekdays = weekdays.filter(
    (day, k) => k === 0 || isoFromEpochDay(day).slice(0, 7) !== isoFromEpochDay(weekdays[k - 1]).slice(0, 7),
  );
  const buys = transactions.stock.reduce((sum, row) => sum + Math.max(row.value, 0), 0);
  const monthly = buys / firstWeekdays.length;
  const cash: CashTransaction[] = [];
  firstWeekdays.forEach((day, month) => {
    const date = isoFromEpochDay(day);
    cash.push({ type: 'cash', kind: 'deposit', date, value: round2(monthly * (0.8 + next() * 0.4)), currency: 'EUR' });
    if (month % 47 === 46)
      cash.push({
        type: 'cash',
        kind: 'withdrawal',
        date,
        value: -round2(monthly * (2 + next() * 4)),
        currency: 'EUR',
      });
  });
  return cash;
}

function row(
  ticker: string,
  type: Transaction['type'],
  date: string,
  amount: number,
  value: number,
  currency: Currency,
): Transaction {
  return { ticker, type, date, amount, value, currency };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A geometric random walk with a small drift; one close in 500 is null. */
function randomWalk(next: () => number, length: number, start: number, drift: number): Array<number | null> {
  const closes: Array<number | null> = new Array(length);
  let level = start;
  for (let i = 0; i < length; i += 1) {
    level *= 1 + drift / 10 + (next() - 0.5) * 0.03;
    closes[i] = next() < 0.002 ? null : Math.round(level * 10_000) / 10_000;
  }
  return closes;
}

function nearestClose(closes: ReadonlyArray<number | null>, index: number): number {
  for (let i = index; i >= 0; i -= 1) {
    const close = closes[i];
    if (close !== null) return close;
  }
  return 1;
}

/** Quarterly dividends on every other ticker, and a 2:1 split roughly once a decade on every fifth. */
function tickerChart(next: () => number, ticker: GeneratedTicker, weekdays: readonly number[]): Generated {
  const { exchange } = ticker;
  const dividends: Record<string, { amount: number; date: number }> = {};
  const splits: Record<string, { date: number; numerator: number; denominator: number; splitRatio: string }> = {};
  const stamp = (index: number): number => weekdays[index] * SECONDS_PER_DAY + exchange.barHourUtc * 3600;
  // The character code of the last digit, as the symbols of M and L (two digits) have always used.
  const digitCode = 48 + (ticker.index % 10);
  if (digitCode % 2 === 0) {
    for (let index = 40; index < weekdays.length; index += 63) {
      dividends[String(stamp(index))] = {
        amount: round2(nearestClose(ticker.closes, index) * 0.005),
        date: stamp(index),
      };
    }
  }
  if (digitCode % 5 === 0) {
    for (let index = Math.floor(next() * 2600); index < weekdays.length; index += 2600) {
      splits[String(stamp(index))] = { date: stamp(index), numerator: 2, denominator: 1, splitRatio: '2:1' };
    }
  }
  return chartEntry(
    ticker.symbol,
    exchange.currency,
    exchange.timeZone,
    weekdays,
    exchange.barHourUtc,
    ticker.closes,
    dividends,
    splits,
  );
}

/**
 * A symbol's quotes both ways. Every exchange here stamps its bar on the UTC date that is also its local
 * date (08:00 and 14:30 UTC; the FX bar at midnight UTC is 00:00 or 01:00 in London), so a bar's day is
 * its weekday; the bench-workload test holds the columns to what the server makes of the chart.
 */
function chartEntry(
  symbol: string,
  currency: string,
  timeZone: string,
  weekdays: readonly number[],
  barHourUtc: number,
  closes: Array<number | null>,
  dividends: Record<string, { amount: number; date: number }>,
  splits: Record<string, { date: number; numerator: number; denominator: number; splitRatio: string }>,
): Generated {
  const dayOf = (seconds: number) => Math.floor(seconds / SECONDS_PER_DAY);
  const withClose = weekdays.filter((_, index) => closes[index] !== null);
  const dividendEvents = Object.values(dividends);
  const splitEvents = Object.values(splits);
  const columns: QuoteColumnsEntry = {
    symbol,
    meta: { currency, exchangeTimezoneName: timeZone, dataSource: 'sample' },
    days: withClose,
    closes: closes.filter((close) => close !== null),
    dividends: {
      days: dividendEvents.map((event) => dayOf(event.date)),
      amounts: dividendEvents.map((event) => event.amount),
    },
    splits: {
      days: splitEvents.map((event) => dayOf(event.date)),
      numerators: splitEvents.map((event) => event.numerator),
      denominators: splitEvents.map((event) => event.denominator),
    },
  };
  const chart: YahooChart = {
    chart: {
      result: [
        {
          meta: { currency, symbol, exchangeTimezoneName: timeZone, dataSource: 'sample' },
          timestamp: weekdays.map((day) => day * SECONDS_PER_DAY + barHourUtc * 3600),
          events: { dividends, splits },
          indicators: { quote: [{ close: closes }] },
        },
      ],
      error: null,
    },
  };
  return { columns, chart: { symbol, chart } };
}

/** Small portfolios run through the real engine, so the selectors are tested on the worker's true output. */
import {
  epochDayFromIso,
  type QuoteDataSource,
  type QuoteEntry,
  type Transaction,
  type TransactionSet,
} from '#src/model';
import { PortfolioEngine } from '#src/worker/engine';
import { collectTransferables } from '#src/worker/transferables';

export const tx = (
  ticker: string,
  type: Transaction['type'],
  date: string,
  amount: number,
  value: number,
  currency: Transaction['currency'] = 'EUR',
): Transaction => ({
  ticker,
  type,
  date,
  amount,
  value,
  currency,
});

export const setOf = (...transactions: Transaction[]): TransactionSet => ({
  stock: transactions.filter((t) => t.type === 'stock'),
  dividend: transactions.filter((t) => t.type === 'dividend'),
  commission: transactions.filter((t) => t.type === 'commission'),
});

/** A quotes-service entry (the columns /api/quotes answers) with daily bars (date, close) and optional dividends (date, amount per share). */
export function quote(
  symbol: string,
  currency: string,
  bars: Array<[date: string, close: number]>,
  dataSource: QuoteDataSource = 'yahoo',
  dividends: Array<[date: string, amount: number]> = [],
): QuoteEntry {
  return {
    symbol,
    meta: { currency, exchangeTimezoneName: 'UTC', dataSource },
    days: bars.map(([date]) => epochDayFromIso(date)),
    closes: bars.map(([, close]) => close),
    dividends: {
      days: dividends.map(([date]) => epochDayFromIso(date)),
      amounts: dividends.map(([, amount]) => amount),
    },
    splits: { days: [], numerators: [], denominators: [] },
  };
}

/** ASML in EUR, KO in USD with a dividend, and the rate EUR=X: prices, values, a dividend and a rate to chart. */
export const ASML_AND_KO = {
  set: setOf(
    tx('ASML.AS', 'stock', '2024-01-02', 2, 1000),
    tx('KO', 'stock', '2024-02-01', 10, 600, 'USD'),
    tx('KO', 'dividend', '2024-04-01', 1, 5, 'USD'),
  ),
  quotes: [
    quote('ASML.AS', 'EUR', [
      ['2024-01-02', 500],
      ['2024-06-28', 650],
    ]),
    quote('KO', 'USD', [
      ['2024-01-31', 59],
      ['2024-06-28', 62],
    ]),
    quote('EUR=X', 'EUR', [
      ['2023-12-29', 0.9],
      ['2024-06-28', 0.92],
    ]),
  ],
};

export function derive(set: TransactionSet, quotes: QuoteEntry[], asOf: string, active: string[] | null = null) {
  const engine = new PortfolioEngine();
  engine.setTransactions(set);
  engine.setQuotes(quotes);
  return engine.derive(asOf, active);
}

/** A worker's answer as the page receives it (Comlink's postMessage): cloned, its ArrayBuffers transferred, shared memory still shared. */
export const overTheWire = <T>(value: T): T => structuredClone(value, { transfer: collectTransferables(value) });

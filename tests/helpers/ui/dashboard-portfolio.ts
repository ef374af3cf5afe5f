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

export function derive(set: TransactionSet, quotes: QuoteEntry[], asOf: string, active: string[] | null = null) {
  const engine = new PortfolioEngine();
  engine.setTransactions(set);
  engine.setQuotes(quotes);
  return engine.derive(asOf, active);
}

/** A worker's answer as the page receives it (Comlink's postMessage): cloned, its ArrayBuffers transferred, shared memory still shared. */
export const overTheWire = <T>(value: T): T => structuredClone(value, { transfer: collectTransferables(value) });

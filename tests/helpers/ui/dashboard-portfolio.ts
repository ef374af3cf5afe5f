/** Small portfolios run through the real engine, so the selectors are tested on the worker's true output. */
import type { QuoteDataSource, QuoteEntry, Transaction, TransactionSet } from '#src/model';
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

const noonUtc = (iso: string): number => Date.parse(`${iso}T12:00:00Z`) / 1000;

/** A Yahoo v8 chart entry with daily bars (date, close) and optional dividends (date, amount per share). */
export function quote(
  symbol: string,
  currency: string,
  bars: Array<[date: string, close: number]>,
  dataSource: QuoteDataSource = 'yahoo',
  dividends: Array<[date: string, amount: number]> = [],
): QuoteEntry {
  return {
    symbol,
    data: {
      chart: {
        error: null,
        result: [
          {
            meta: { symbol, currency, exchangeTimezoneName: 'UTC', dataSource },
            timestamp: bars.map(([date]) => noonUtc(date)),
            events: {
              dividends: Object.fromEntries(
                dividends.map(([date, amount]) => [String(noonUtc(date)), { date: noonUtc(date), amount }]),
              ),
            },
            indicators: { quote: [{ close: bars.map(([, close]) => close) }] },
          },
        ],
      },
    },
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

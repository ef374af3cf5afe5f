/**
 * A scenario file (`tests/golden/README.md`): transactions (cash too), quotes, `asOf` and optionally the
 * accounts, the view, the active tickers and the base currency. The `derive` CLI and the golden tests run it through here, the same engine calls the worker makes.
 */
import { z } from 'zod';
import {
  CASH_KINDS,
  TRANSACTION_TYPES,
  isIsoDate,
  type Account,
  type QuoteEntry,
  type TransactionSetWithCash,
} from '../src/model';
import { CURRENCIES, notACurrency } from '../src/model/currencies';
import { PortfolioEngine, type Derivation } from '../src/worker/engine';
import { columnsFromChart } from '../server/quotes/quote-columns';

export interface Scenario {
  name?: string;
  asOf: string;
  /** The seed's three lists and, optionally, `cash`. */
  transactions: TransactionSetWithCash;
  /** A transaction that names no account is in the first. */
  accounts?: Account[];
  /** One account's id; null or absent for all of them. */
  view?: string | null;
  quotes: QuoteEntry[];
  active?: string[];
  /** The benchmark symbol; its quotes are among `quotes`. */
  benchmark?: string;
  /** Every money figure in this ISO 4217 currency; EUR when absent. */
  baseCurrency?: string;
}

const isoDate = z.string().refine(isIsoDate, 'expected a date written YYYY-MM-DD');
const transaction = z.object({
  ticker: z.string().min(1),
  type: z.enum(TRANSACTION_TYPES),
  date: isoDate,
  amount: z.number(),
  value: z.number(),
  currency: z.enum(CURRENCIES),
  tax: z.number().optional(),
  importId: z.string().optional(),
  account: z.string().min(1).optional(),
});
const cashTransaction = z.object({
  account: z.string().min(1).optional(),
  type: z.literal('cash'),
  kind: z.enum(CASH_KINDS),
  date: isoDate,
  value: z.number(),
  currency: z.enum(CURRENCIES),
  importId: z.string().optional(),
});
const numbers = z.array(z.number());
const quoteEntry = z.union([
  z.object({ symbol: z.string(), error: z.string() }),
  // A Yahoo v8 chart (a recording): read through the server's own gate into the columns it would answer.
  z
    .object({ symbol: z.string(), data: z.object({ chart: z.object({}).passthrough() }).passthrough() })
    .transform(({ symbol, data }): QuoteEntry => columnsFromChart(symbol, data, 'files')),
  // The columns `/api/quotes` answers.
  z.object({
    symbol: z.string(),
    meta: z.object({
      currency: z.string().nullable(),
      exchangeTimezoneName: z.string().nullable(),
      dataSource: z.enum(['yahoo', 'cache', 'files', 'sample']),
    }),
    days: numbers,
    closes: numbers,
    dividends: z.object({ days: numbers, amounts: numbers }),
    splits: z.object({ days: numbers, numerators: numbers, denominators: numbers }),
  }),
]);
const scenarioSchema = z.object({
  name: z.string().optional(),
  asOf: isoDate,
  transactions: z.object({
    stock: z.array(transaction),
    dividend: z.array(transaction),
    commission: z.array(transaction),
    cash: z.array(cashTransaction).optional(),
  }),
  accounts: z.array(z.object({ id: z.string().min(1), name: z.string() })).optional(),
  view: z.string().min(1).nullable().optional(),
  quotes: z.array(quoteEntry),
  active: z.array(z.string()).optional(),
  benchmark: z.string().min(1).optional(),
  baseCurrency: z.enum(CURRENCIES, { error: (issue) => notACurrency(issue.input) }).optional(),
});

export type ScenarioParse = { ok: true; scenario: Scenario } | { ok: false; error: string };

export function parseScenario(json: unknown): ScenarioParse {
  const parsed = scenarioSchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: z.prettifyError(parsed.error) };
  return { ok: true, scenario: parsed.data as Scenario };
}

export function deriveScenario(scenario: Scenario): Derivation {
  const engine = new PortfolioEngine();
  if (scenario.baseCurrency) engine.setBaseCurrency(scenario.baseCurrency);
  engine.setTransactions(scenario.transactions);
  if (scenario.view) engine.setView(scenario.view, scenario.accounts);
  engine.setQuotes(scenario.quotes);
  engine.setBenchmark(scenario.benchmark ?? null);
  return engine.derive(scenario.asOf, scenario.active ?? null);
}

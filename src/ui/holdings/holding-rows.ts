/**
 * The holdings table's rows from a derivation: one per ticker, open and closed apart, sortable by every
 * column; a ticker without buys or sells (DEGIRO's account costs) is no position and is listed apart.
 */
import { NO_SHARES } from '../../model';
import type { Holding, TickerFigures } from '../../worker';
import type { Formats } from '../format';

export interface HoldingRow {
  ticker: string;
  /** The product name its import saw; null for trades entered by hand. */
  product: string | null;
  shares: number;
  /** Base currency per share: cost basis / shares (average-cost method); 0 without shares, NaN when excluded. */
  averageCost: number;
  /** Base currency; null when no price is known. */
  price: number | null;
  value: number;
  weight: number;
  costBasis: number;
  unrealised: number;
  unrealisedPercent: number | null;
  realised: number;
  dividends: number;
  /** The currency its trades were booked in (`Transaction.currency`: EUR for a USD listing bought through DEGIRO's AutoFX). */
  tradeCurrency: string;
  /** The currency its listing is quoted in (`GBp` for pence): the quote's, else the statement's price (`@ 200 USD`), else the trade currency. */
  quoteCurrency: string;
  /** Left out of every sum: an exchange rate it needs has no quote. */
  excluded: boolean;
  /**
   * More shares sold than bought (shares below 0): the statement likely begins after the first buy. Its
   * value is then negative, and what sells got for shares beyond those held is realised gain in full
   * (SEMANTICS.md, Holdings: a sell while S ≤ 0 removes no cost basis).
   */
  oversold: boolean;
}

/** A ticker with no buys or sells, only dividends or costs (DEGIRO's account costs under DEGIRO-COSTS): no position. */
export interface NoPositionRow {
  ticker: string;
  /** Base currency, NaN when excluded. */
  dividends: number;
  /** Base currency, NaN when excluded. */
  commission: number;
  excluded: boolean;
}

export interface HoldingRows {
  open: HoldingRow[];
  closed: HoldingRow[];
  /** By ticker. */
  noPosition: NoPositionRow[];
}

export const HOLDING_COLUMNS = [
  { key: 'ticker', label: 'Ticker' },
  { key: 'product', label: 'Product' },
  { key: 'shares', label: 'Shares' },
  { key: 'averageCost', label: 'Average cost' },
  { key: 'price', label: 'Price' },
  { key: 'value', label: 'Value' },
  { key: 'weight', label: 'Weight' },
  { key: 'unrealised', label: 'Unrealised' },
  { key: 'unrealisedPercent', label: 'Unrealised %' },
  { key: 'realised', label: 'Realised' },
  { key: 'dividends', label: 'Dividends' },
  { key: 'tradeCurrency', label: 'Traded in' },
  { key: 'quoteCurrency', label: 'Quoted in' },
] as const satisfies ReadonlyArray<{ key: keyof HoldingRow; label: string }>;

export type HoldingColumn = (typeof HOLDING_COLUMNS)[number]['key'];
export type SortDirection = 'ascending' | 'descending';
export interface HoldingSort {
  column: HoldingColumn;
  direction: SortDirection;
}

export function holdingRows(tickers: Record<string, TickerFigures>, holdings: Record<string, Holding>): HoldingRows {
  const open: HoldingRow[] = [];
  const closed: HoldingRow[] = [];
  const noPosition: NoPositionRow[] = [];
  for (const [ticker, figures] of Object.entries(tickers)) {
    const holding = holdings[ticker];
    if (!holding) continue;
    if (figures.trades === 0) {
      noPosition.push({
        ticker,
        dividends: figures.totalDividend,
        commission: figures.totalCommission,
        excluded: figures.excluded,
      });
      continue;
    }
    const row: HoldingRow = {
      ticker,
      product: figures.product,
      shares: figures.amountOfShares,
      averageCost: Math.abs(figures.amountOfShares) < NO_SHARES ? 0 : holding.costBasis / figures.amountOfShares,
      price: figures.currentSharePrice,
      value: figures.portfolioValue,
      weight: holding.weight,
      costBasis: holding.costBasis,
      unrealised: holding.unrealisedGain,
      unrealisedPercent: holding.unrealisedPercent,
      realised: holding.realisedGain,
      dividends: figures.totalDividend,
      // Every row here has trades, so `currency` is known; were it not, the listing's is the truer guess than any fixed code.
      tradeCurrency: figures.currency ?? figures.listingCurrency,
      quoteCurrency: figures.listingCurrency,
      excluded: figures.excluded,
      oversold: figures.amountOfShares <= -NO_SHARES,
    };
    (Math.abs(row.shares) < NO_SHARES ? closed : open).push(row);
  }
  noPosition.sort((a, b) => a.ticker.localeCompare(b.ticker));
  return { open, closed, noPosition };
}

/** Sorted copy; missing numbers (no price, NaN) last whichever the direction, ties by ticker. */
export function sortHoldingRows(rows: readonly HoldingRow[], sort: HoldingSort): HoldingRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const missing = (value: unknown) => value === null || (typeof value === 'number' && Number.isNaN(value));
  return [...rows].sort((a, b) => {
    const x = a[sort.column];
    const y = b[sort.column];
    if (missing(x) || missing(y))
      return missing(x) === missing(y) ? a.ticker.localeCompare(b.ticker) : missing(x) ? 1 : -1;
    const order = typeof x === 'string' ? x.localeCompare(y as string) : (x as number) - (y as number);
    return order === 0 ? a.ticker.localeCompare(b.ticker) : sign * order;
  });
}

export interface HoldingTotals {
  value: number;
  costBasis: number;
  unrealised: number;
  realised: number;
  dividends: number;
}

/** Sums over the rows that are not excluded. */
export function holdingTotals(rows: readonly HoldingRow[]): HoldingTotals {
  const totals: HoldingTotals = { value: 0, costBasis: 0, unrealised: 0, realised: 0, dividends: 0 };
  for (const row of rows) {
    if (row.excluded) continue;
    totals.value += row.value;
    totals.costBasis += row.costBasis;
    totals.unrealised += row.unrealised;
    totals.realised += row.realised;
    totals.dividends += row.dividends;
  }
  return totals;
}

/** Weight per quote currency (the listing's, not the booking's: a USD share bought in EUR counts as USD), in percent of the open rows' value. */
export function allocationByCurrency(
  rows: readonly HoldingRow[],
): Array<{ label: string; weight: number; value: number }> {
  const byCurrency = new Map<string, number>();
  for (const row of rows)
    if (!row.excluded) byCurrency.set(row.quoteCurrency, (byCurrency.get(row.quoteCurrency) ?? 0) + row.value);
  const total = [...byCurrency.values()].reduce((sum, value) => sum + value, 0);
  return [...byCurrency]
    .map(([label, value]) => ({ label, value, weight: total === 0 ? 0 : (value / total) * 100 }))
    .sort((a, b) => b.value - a.value);
}

/** A row's cell as the table and the holding's own view write it; '—' for a missing number. */
export function holdingCell(row: HoldingRow, column: HoldingColumn, formats: Formats): string {
  const value = row[column];
  if (column === 'ticker' || column === 'tradeCurrency' || column === 'quoteCurrency') return String(value);
  if (column === 'product') return (value as string | null) ?? '—';
  if (value === null || (typeof value === 'number' && Number.isNaN(value))) return '—';
  const n = value as number;
  switch (column) {
    case 'shares':
      return formats.quantity(n);
    case 'weight':
      return `${formats.number(n)} %`;
    case 'unrealisedPercent':
      return formats.signedPercent(n);
    case 'unrealised':
    case 'realised':
      return formats.signedMoney(n);
    default:
      return formats.money(n);
  }
}

/** The route of a holding's own view. */
export const holdingPath = (ticker: string): string => `/holdings/${encodeURIComponent(ticker)}`;

/**
 * One position below 0 shares in words, true to what the engine made of it (SEMANTICS.md, "Per ticker" and
 * "Holdings"): how many more shares were sold than bought; its value, shares × the price when one is known
 * (the market's, or before the first bar the latest priced buy's), which is below 0, else 0 with no price
 * ("—": sells with no priced buy before them and no quotes); and the proceeds beyond the shares bought as
 * realised gain in full.
 */
export function oversoldExplanation(row: HoldingRow, formats: Formats): string {
  const beyond = formats.quantity(-row.shares);
  const value =
    row.price === null
      ? `no price is known for it, so its value counts as ${formats.money(row.value)} (price “—”)`
      : `its value is ${formats.quantity(row.shares)} × ${formats.money(row.price)} = ${formats.money(row.value)}, below 0`;
  return (
    `${row.ticker} (${formats.quantity(row.shares)} shares): sold ${beyond} more shares than bought. Until the missing buy is added, ${value}, ` +
    `and the sells’ proceeds for those ${beyond} shares count in full as realised gain: what they cost is not known.`
  );
}

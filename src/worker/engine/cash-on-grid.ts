/**
 * The view's cash per currency and per grid day (SEMANTICS.md, "Cash"): one pass over the grid that
 * carries each currency's balance and the deposits and withdrawals forward.
 */
import { TRANSACTION_TYPES } from '../../model';
import { DEPOSIT, WITHDRAWAL, type CashColumns } from './cash';
import type { Grid } from './grid';
import { scratchArray } from './scratch';
import type { TickerTransactions } from './ticker-transactions';

/** Every currency the view's cash moves in on or before `lastDay` (cash, trades, dividends, commissions), sorted. */
export function cashCurrencies(cash: CashColumns, tickers: Iterable<TickerTransactions>, lastDay: number): string[] {
  const currencies = new Set<string>();
  for (let k = 0; k < cash.days.length && cash.days[k] <= lastDay; k += 1) currencies.add(cash.currencies[k]);
  for (const { columns, currencies: all } of tickers) {
    // Every row on or before `lastDay` (no transaction after asOf, the common case): its currencies are known.
    if (TRANSACTION_TYPES.every((type) => !(columns[type].days[columns[type].days.length - 1] > lastDay))) {
      for (const currency of all) currencies.add(currency);
      continue;
    }
    for (const type of TRANSACTION_TYPES) {
      const { days, currencies: rowCurrencies } = columns[type];
      for (let k = 0; k < days.length && days[k] <= lastDay; k += 1) currencies.add(rowCurrencies[k]);
    }
  }
  return [...currencies].sort();
}

/** The cash of a view per grid day, base currency unless said otherwise. */
export interface CashOnGrid {
  /** cash[c][asOf] per currency, in that currency. */
  balances: Record<string, number>;
  /** Σ over currencies of cash[c][d] × rate(c, d). */
  cashValue: Float64Array;
  /** In[d]: Σ deposits on d. */
  deposits: Float64Array;
  /** Out[d]: −Σ withdrawals on d (≥ 0 for ordinary withdrawals). */
  withdrawals: Float64Array;
  /** Σ over days ≤ d of In − Out. */
  netDeposits: Float64Array;
}

/** Effect of a ticker transaction on the account's cash, per unit of its value: a buy and a commission take, a dividend brings. */
const EFFECT = { stock: -1, dividend: 1, commission: -1 } as const;

/**
 * `currencies` as `cashCurrencies` names them and `rates` their base-currency rate per grid day (in the
 * same order). Per-currency day deltas first, then one pass carrying the balances forward.
 */
export function cashOnGrid(
  grid: Grid,
  cash: CashColumns,
  tickers: Iterable<TickerTransactions>,
  currencies: readonly string[],
  rates: readonly Float64Array[],
): CashOnGrid {
  const position = new Map(currencies.map((currency, k) => [currency, k]));
  // One allocation for every currency's day deltas, day by day (currency c of day i at i × C + c).
  const width = currencies.length;
  const deltas = scratchArray('account-deltas', grid.length * width);
  const deposits = new Float64Array(grid.length);
  const withdrawals = new Float64Array(grid.length);
  for (let k = 0; k < cash.days.length && cash.days[k] <= grid.lastDay; k += 1) {
    const c = position.get(cash.currencies[k]) as number;
    const index = cash.days[k] - grid.firstDay;
    const value = cash.values[k];
    deltas[index * width + c] += value;
    if (cash.kinds[k] === DEPOSIT) deposits[index] += value * rates[c][index];
    else if (cash.kinds[k] === WITHDRAWAL) withdrawals[index] -= value * rates[c][index];
  }
  for (const { columns } of tickers) {
    for (const type of TRANSACTION_TYPES) {
      const { days, values, currencies: rowCurrencies } = columns[type];
      const effect = EFFECT[type];
      // A ticker's rows are mostly in one currency: its position is looked up when the currency changes.
      let currency: string | null = null;
      let c = 0;
      for (let k = 0; k < days.length && days[k] <= grid.lastDay; k += 1) {
        if (rowCurrencies[k] !== currency) c = position.get((currency = rowCurrencies[k])) as number;
        deltas[(days[k] - grid.firstDay) * width + c] += effect * values[k];
      }
    }
  }
  const balances = new Float64Array(currencies.length);
  const cashValue = new Float64Array(grid.length);
  const netDeposits = new Float64Array(grid.length);
  let net = 0;
  for (let i = 0; i < grid.length; i += 1) {
    let valueToday = 0;
    for (let c = 0; c < width; c += 1) {
      balances[c] += deltas[i * width + c];
      valueToday += balances[c] * rates[c][i];
    }
    cashValue[i] = valueToday;
    net += deposits[i] - withdrawals[i];
    netDeposits[i] = net;
  }
  return {
    balances: Object.fromEntries(currencies.map((currency, c) => [currency, balances[c]])),
    cashValue,
    deposits,
    withdrawals,
    netDeposits,
  };
}

/**
 * The account's figures and the return on deposits (SEMANTICS.md, "Cash"): account value = the
 * securities + the cash; TWR with V = account value, B = In, S = Out, D = C = 0; MWR with the day
 * flows −In + Out. The TWR and MWR code is the securities' own (twr.ts, mwr.ts), fed other columns.
 */
import type { CashColumns } from './cash';
import { cashCurrencies, cashOnGrid } from './cash-on-grid';
import type { Grid } from './grid';
import { netFlows, periodMwr } from './mwr';
import type { PeriodStarts } from './return-periods';
import type { TickerTransactions } from './ticker-transactions';
import { scratchArray } from './scratch';
import { growthSeries, periodReturns, twrPercent } from './twr';
import type { AccountFigures } from './types';

export interface AccountInputs {
  grid: Grid;
  starts: PeriodStarts;
  cash: CashColumns;
  /** The view's tickers' transactions (their trades, dividends and commissions move the cash). */
  tickers: Iterable<TickerTransactions>;
  /** Every currency the cash moves in, and its base-currency rate per grid day, in the same order. */
  currencies: readonly string[];
  rates: readonly Float64Array[];
  /** The securities' value per grid day: every ticker of the view, whichever are active. */
  securitiesValue: Float64Array;
}

/**
 * a + b per day, in an array of its own. A loop of its own: a loop inside accountFigures was compiled on
 * its way (on-stack) with the code after it not yet run, and every later derive left that code there.
 */
function sumOf(a: Float64Array, b: Float64Array): Float64Array {
  const sum = new Float64Array(a.length);
  for (let i = 0; i < a.length; i += 1) sum[i] = a[i] + b[i];
  return sum;
}

export function accountFigures({
  grid,
  starts,
  cash,
  tickers,
  currencies,
  rates,
  securitiesValue,
}: AccountInputs): AccountFigures {
  const onGrid = cashOnGrid(grid, cash, tickers, currencies, rates);
  const accountValue = sumOf(securitiesValue, onGrid.cashValue);
  const last = grid.length - 1;
  // A trade, dividend, fee or conversion moves money inside the account: only deposits and withdrawals flow.
  const growth = growthSeries(
    accountValue,
    onGrid.deposits,
    onGrid.withdrawals,
    null,
    scratchArray('account-growth', grid.length),
  );
  const flows = netFlows({
    bought: onGrid.deposits,
    sold: onGrid.withdrawals,
    income: scratchArray('account-income', grid.length),
  });
  return {
    ok: true,
    cash: onGrid.balances,
    cashValue: onGrid.cashValue,
    accountValue,
    deposits: onGrid.deposits,
    withdrawals: onGrid.withdrawals,
    netDeposits: onGrid.netDeposits,
    gain: accountValue[last] - onGrid.netDeposits[last],
    onAsOf: {
      cashValue: onGrid.cashValue[last],
      accountValue: accountValue[last],
      netDeposits: onGrid.netDeposits[last],
    },
    twr: twrPercent(growth),
    periods: periodReturns(growth, starts),
    mwr: periodMwr(accountValue, flows, starts),
  };
}

/**
 * The view's account figures (null when it holds no cash transaction on or before the grid's last day),
 * or which exchange rates they miss: a rate of a cash currency, or one an excluded ticker misses.
 */
export function accountOfView(
  inputs: Omit<AccountInputs, 'currencies' | 'rates'> & {
    missingFromTickers: Iterable<string>;
    rateOf: (currency: string) => Float64Array | null;
    fxSymbolFor: (currency: string) => string | null;
  },
): AccountFigures | null {
  const { grid, cash, tickers, missingFromTickers, rateOf, fxSymbolFor } = inputs;
  if (!(cash.firstDay <= grid.lastDay)) return null;
  const missingSymbols = new Set<string>(missingFromTickers);
  // In name order: the cash's sums then do not depend on the order the view's tickers were prepared in.
  const tickerList = [...tickers].sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
  const currencies = cashCurrencies(cash, tickerList, grid.lastDay);
  const rates: Float64Array[] = [];
  for (const currency of currencies) {
    const rate = rateOf(currency);
    if (rate) rates.push(rate);
    else missingSymbols.add(fxSymbolFor(currency) as string);
  }
  if (missingSymbols.size > 0) {
    const symbols = [...missingSymbols].sort();
    return {
      ok: false,
      missingSymbols: symbols,
      error: `the account's value needs ${symbols.join(', ')}, which ${symbols.length === 1 ? 'is' : 'are'} missing`,
    };
  }
  return accountFigures({ ...inputs, tickers: tickerList, currencies, rates });
}

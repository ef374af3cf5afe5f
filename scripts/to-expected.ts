/** A derivation in exactly the golden scenarios' `expected` shape (`tests/golden/README.md`). */
import type {
  AccountFigures,
  Benchmark,
  Derivation,
  Holding,
  HoldingIncome,
  Return,
  TickerFigures,
} from '../src/worker/engine';

/** NaN (no value that day) becomes null, as in the golden files. */
function numbers(series: Float64Array): Array<number | null> {
  return Array.from(series, (value) => (Number.isNaN(value) ? null : value));
}

function returnOf({ absolute, percentage }: Return): Return {
  return { absolute, percentage };
}

function tickerExpected(figures: TickerFigures): unknown {
  return {
    amountOfShares: figures.amountOfShares,
    averageSharePrice: figures.averageSharePrice,
    currentSharePrice: figures.currentSharePrice,
    portfolioValue: figures.portfolioValue,
    totalInvested: figures.totalInvested,
    totalDividend: figures.totalDividend,
    totalCommission: figures.totalCommission,
    totalReturn: returnOf(figures.totalReturn),
  };
}

function holdingIncomeExpected(income: HoldingIncome): unknown {
  return {
    forwardIncome: income.forwardIncome,
    yieldOnCost: income.yieldOnCost,
    forwardYield: income.forwardYield,
    forwardSource: income.forwardSource,
    dividendGrowth: { years: income.dividendGrowth.years, growth: income.dividendGrowth.growth },
  };
}

function holdingExpected(holding: Holding): unknown {
  return {
    costBasis: holding.costBasis,
    realisedGain: holding.realisedGain,
    unrealisedGain: holding.unrealisedGain,
    weight: holding.weight,
  };
}

function benchmarkExpected(benchmark: Benchmark): unknown {
  if (!benchmark.ok) return { symbol: benchmark.symbol, error: benchmark.error };
  return { symbol: benchmark.symbol, value: numbers(benchmark.value), twr: benchmark.periods };
}

function accountExpected(account: AccountFigures): unknown {
  if (!account.ok) return { error: account.error, missingSymbols: account.missingSymbols };
  return {
    cash: account.cash,
    cashValue: numbers(account.cashValue),
    accountValue: numbers(account.accountValue),
    netDeposits: numbers(account.netDeposits),
    gain: account.gain,
    twr: account.periods,
    mwr: account.mwr,
  };
}

export function toExpected(d: Derivation): unknown {
  const { summary, active } = d;
  return {
    summary: {
      portfolioValue: summary.portfolioValue,
      totalInvested: summary.totalInvested,
      profitExclCommission: summary.profitExclCommission,
      totalDividend: summary.totalDividend,
      totalCommission: summary.totalCommission,
      dailyReturn: returnOf(summary.dailyReturn),
      weeklyReturn: returnOf(summary.weeklyReturn),
      monthlyReturn: returnOf(summary.monthlyReturn),
      totalReturn: returnOf(summary.totalReturn),
    },
    tickers: Object.fromEntries(
      Object.entries(d.tickers).map(([ticker, figures]) => [ticker, tickerExpected(figures)]),
    ),
    active: {
      firstDay: active.firstDay,
      lastDay: active.lastDay,
      value: numbers(active.value),
      invested: numbers(active.invested),
      profit: numbers(active.profit),
      commission: numbers(active.commission),
      dividend: numbers(active.dividend),
      yieldPerYear: active.yieldPerYear,
      dividendPerQuarterByYear: active.dividendPerQuarterByYear,
      dividendPerQuarter: active.dividendPerQuarter,
      ttmDividendPerQuarter: {
        quarters: active.ttmDividendPerQuarter.quarters,
        values: active.ttmDividendPerQuarter.values,
      },
      expectedDividend: active.expectedDividend,
      twr: numbers(active.twr),
    },
    holdings: Object.fromEntries(
      Object.entries(d.holdings).map(([ticker, holding]) => {
        const income = d.income.holdings[ticker];
        return [
          ticker,
          { ...(holdingExpected(holding) as object), ...(income ? (holdingIncomeExpected(income) as object) : {}) },
        ];
      }),
    ),
    performance: { twr: d.performance.twr, mwr: d.performance.mwr },
    ...(d.benchmark ? { benchmark: benchmarkExpected(d.benchmark) } : {}),
    income: {
      forwardIncome: d.income.forwardIncome,
      yieldOnCost: d.income.yieldOnCost,
      forwardYield: d.income.forwardYield,
      forwardByMonth: d.income.forwardByMonth,
      perYear: d.income.perYear,
    },
    ...(d.account ? { account: accountExpected(d.account) } : {}),
  };
}

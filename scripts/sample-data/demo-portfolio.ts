/**
 * The demo account's portfolio, priced from the sample series so that every figure is consistent with
 * the market data: buys and sells at the day's close, dividends of the shares held the day before each
 * ex-date (net of withholding tax, the tax withheld kept as the dividend's `tax`, paid some days later),
 * broker fees per trade, a yearly exchange
 * connection fee, and one promotion refund (a negative commission).
 */
import { Temporal } from 'temporal-polyfill';
import { epochDayFromIso, isoFromEpochDay } from '../../src/model/days';
import type { Currency, Transaction, TransactionsBody } from '../../src/model/transaction';
import type { QuoteBar, QuoteSeries } from '../../server/quotes/series';
import { LAST_SAMPLE_DAY } from './demo-symbols';
import { firstDayOnOrAfter, tradingDays } from './trading-calendar';

interface Trade {
  ticker: string;
  /** Moved to the next trading day when the exchange is closed. */
  date: string;
  /** Shares as traded that day (before any later split); negative for a sell. */
  shares: number;
}

const XETRA_DAYS = tradingDays('XETRA', '2019-01-01', LAST_SAMPLE_DAY);

/** A quarterly savings plan in the ETF from its first quarter on XETRA: 6 shares on the 5th (or next trading day). */
const savingsPlan: Trade[] = [];
for (let year = 2019; year <= Number(LAST_SAMPLE_DAY.slice(0, 4)); year += 1) {
  for (const month of ['02', '05', '08', '11']) {
    const date = firstDayOnOrAfter(XETRA_DAYS, `${year}-${month}-05`);
    if (date && date >= '2019-08-01') savingsPlan.push({ ticker: 'VWCE.DE', date, shares: 6 });
  }
}

const TRADES: Trade[] = [
  { ticker: 'IBE.MC', date: '2019-02-11', shares: 250 },
  { ticker: 'MSFT', date: '2019-04-10', shares: 15 },
  { ticker: 'MUV2.DE', date: '2019-06-03', shares: 10 },
  { ticker: 'AAPL', date: '2019-09-12', shares: 8 },
  { ticker: 'IBE.MC', date: '2020-03-16', shares: 150 },
  { ticker: 'MSFT', date: '2021-03-05', shares: 10 },
  { ticker: 'AAPL', date: '2021-05-18', shares: 30 },
  { ticker: 'MUV2.DE', date: '2021-11-08', shares: 6 },
  { ticker: 'IBE.MC', date: '2022-06-15', shares: 100 },
  { ticker: 'AAPL', date: '2023-08-21', shares: 10 },
  { ticker: 'IBE.MC', date: '2024-05-14', shares: -200 },
  { ticker: 'MUV2.DE', date: '2024-10-15', shares: -4 },
  { ticker: 'MSFT', date: '2025-02-12', shares: -8 },
  { ticker: 'IBE.MC', date: '2025-09-10', shares: 80 },
  ...savingsPlan,
];

/** Withholding tax on dividends (fraction) and days from ex-date to payment. */
const DIVIDEND_TERMS: Record<string, { withholding: number; payAfterDays: number }> = {
  'IBE.MC': { withholding: 0.19, payAfterDays: 4 },
  'MUV2.DE': { withholding: 0.26375, payAfterDays: 3 },
  MSFT: { withholding: 0.15, payAfterDays: 28 },
  AAPL: { withholding: 0.15, payAfterDays: 7 },
};

/** The yearly connection fee per exchange, booked on the ticker first bought there. */
const CONNECTION_FEE_EUR = 2.5;
const CONNECTION_TICKERS = ['MSFT', 'MUV2.DE', 'IBE.MC'];
const PROMOTION_REFUND = { ticker: 'VWCE.DE', year: 2023, valueEur: -1 };

const cents = (value: number) => Math.round(value * 100) / 100;

/** Close of the latest bar on or before `isoDate`, skipping null closes. */
function closeOn(series: QuoteSeries, isoDate: string): number {
  const epochDay = epochDayFromIso(isoDate);
  const bar = series.bars.findLast((b: QuoteBar) => b.epochDay <= epochDay && b.close !== null);
  if (!bar) throw new Error(`${String(series.meta.symbol)} has no close on or before ${isoDate}`);
  return bar.close!;
}

/** How many of today's shares one share traded on `isoDate` has become. */
function splitFactorAfter(series: QuoteSeries, isoDate: string): number {
  const epochDay = epochDayFromIso(isoDate);
  return series.splits
    .filter((split) => split.epochDay > epochDay)
    .reduce((factor, split) => factor * (split.numerator / split.denominator), 1);
}

function fee(ticker: string, shares: number, valueEur: number): number {
  if (ticker === 'VWCE.DE') return 1;
  if (ticker === 'MSFT' || ticker === 'AAPL') return cents(0.5 + 0.004 * Math.abs(shares));
  return cents(3.9 + 0.0005 * Math.abs(valueEur));
}

export function buildDemoPortfolio(seriesBySymbol: ReadonlyMap<string, QuoteSeries>): TransactionsBody {
  const series = (ticker: string): QuoteSeries => {
    const found = seriesBySymbol.get(ticker);
    if (!found) throw new Error(`no series for ${ticker}`);
    return found;
  };
  const currencyOf = (ticker: string) => series(ticker).meta.currency as Currency;
  const eurPerUsd = (isoDate: string) => closeOn(series('EUR=X'), isoDate);
  const stock: Transaction[] = [];
  const dividend: Transaction[] = [];
  const commission: Transaction[] = [];
  const book = (list: Transaction[], t: Omit<Transaction, 'currency'> & { currency?: Currency }) =>
    list.push({
      ticker: t.ticker,
      type: t.type,
      date: t.date,
      amount: t.amount,
      value: cents(t.value),
      currency: t.currency ?? 'EUR',
      ...(t.tax === undefined ? {} : { tax: cents(t.tax) }),
    });

  const executed = TRADES.map((trade) => {
    const days = series(trade.ticker).bars.map((bar) => isoFromEpochDay(bar.epochDay));
    return { ...trade, date: firstDayOnOrAfter(days, trade.date)! };
  });
  for (const trade of executed) {
    const pricePerShare =
      closeOn(series(trade.ticker), trade.date) * splitFactorAfter(series(trade.ticker), trade.date);
    const currency = currencyOf(trade.ticker);
    const value = trade.shares * pricePerShare;
    book(stock, { ticker: trade.ticker, type: 'stock', date: trade.date, amount: trade.shares, value, currency });
    const valueEur = currency === 'USD' ? value * eurPerUsd(trade.date) : value;
    book(commission, {
      ticker: trade.ticker,
      type: 'commission',
      date: trade.date,
      amount: 1,
      value: fee(trade.ticker, trade.shares, valueEur),
    });
  }

  for (const [ticker, terms] of Object.entries(DIVIDEND_TERMS)) {
    for (const event of series(ticker).dividends) {
      const exDate = isoFromEpochDay(event.epochDay);
      const sharesToday = executed
        .filter((trade) => trade.ticker === ticker && trade.date < exDate)
        .reduce((sum, trade) => sum + trade.shares * splitFactorAfter(series(ticker), trade.date), 0);
      const payDate = Temporal.PlainDate.from(exDate).add({ days: terms.payAfterDays }).toString();
      if (sharesToday <= 0 || payDate > LAST_SAMPLE_DAY) continue;
      const gross = sharesToday * event.amount;
      book(dividend, {
        ticker,
        type: 'dividend',
        date: payDate,
        amount: 1,
        value: gross * (1 - terms.withholding),
        tax: gross * terms.withholding,
        currency: currencyOf(ticker),
      });
    }
  }

  for (const ticker of CONNECTION_TICKERS) {
    const firstTradeYear = Number(executed.find((trade) => trade.ticker === ticker)!.date.slice(0, 4));
    for (let year = firstTradeYear + 1; year <= Number(LAST_SAMPLE_DAY.slice(0, 4)); year += 1) {
      const date = firstDayOnOrAfter(XETRA_DAYS, `${year}-01-01`)!;
      book(commission, { ticker, type: 'commission', date, amount: 1, value: CONNECTION_FEE_EUR });
    }
  }
  const refundDay = executed.find(
    (trade) => trade.ticker === PROMOTION_REFUND.ticker && trade.date.startsWith(String(PROMOTION_REFUND.year)),
  )!;
  book(commission, {
    ticker: PROMOTION_REFUND.ticker,
    type: 'commission',
    date: refundDay.date,
    amount: 1,
    value: PROMOTION_REFUND.valueEur,
  });

  const byDateThenTicker = (a: Transaction, b: Transaction) =>
    a.date.localeCompare(b.date) || a.ticker.localeCompare(b.ticker);
  return {
    transactions: {
      stock: stock.sort(byDateThenTicker),
      dividend: dividend.sort(byDateThenTicker),
      commission: commission.sort(byDateThenTicker),
    },
  };
}

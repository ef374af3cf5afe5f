/**
 * The demo portfolio's symbols (and the suggested benchmarks') and how their offline series are made: venue, Yahoo-like meta, the real
 * recording each is built around (if any), the levels the generated stretches start from or land on,
 * and their dividend schedules (per-share amounts in the quote currency, split-adjusted like Yahoo's).
 */
import type { YahooChartMeta } from '../../src/model/quotes';
import { firstDayOnOrAfter, nthWeekday, type Venue } from './trading-calendar';

/** The last day of every sample series (a Friday). */
export const LAST_SAMPLE_DAY = '2026-11-20';

export interface DividendSchedule {
  months: number[];
  /** The rule's ex-date in a month (moved to the next trading day when the venue is closed). */
  exDate(year: number, month: number): string;
  /** Per share, or undefined for no dividend that time. */
  amount(year: number, month: number): number | undefined;
}

export interface DemoSymbol {
  symbol: string;
  venue: Venue;
  meta: YahooChartMeta;
  /** The first bar of the file (a recording starting earlier moves it back). */
  firstDay: string;
  /** Close on `firstDay` when no recording starts there; close on `LAST_SAMPLE_DAY`. */
  startPrice: number;
  endPrice: number;
  annualVolatility: number;
  typicalVolume: number;
  priceDecimals: number;
  /** File under `data/market/sources/`: Yahoo chart JSON, or yfinance CSV. */
  recording?: { file: string; format: 'yahoo-json' | 'yfinance-csv' };
  dividends?: DividendSchedule;
}

/** An ex-date rule: the n-th `weekday` (1 = Monday … 7 = Sunday) of the month, n = -1 for the last. */
const nth = (weekday: number, n: number) => (year: number, month: number) => nthWeekday(year, month, weekday, n);

/** Amounts that step up once a year: `levels[y]` applies from `raiseMonth` of y until the next raise. */
function yearlyRaises(raiseMonth: number, levels: Record<number, number>) {
  return (year: number, month: number) => levels[month >= raiseMonth ? year : year - 1];
}

const NASDAQ_META = { exchangeName: 'NMS', fullExchangeName: 'NasdaqGS', instrumentType: 'EQUITY', timezone: 'EST' };
const XETRA_META = { exchangeName: 'GER', fullExchangeName: 'XETRA', timezone: 'CET' };
const AMSTERDAM_META = { exchangeName: 'AMS', fullExchangeName: 'Amsterdam', instrumentType: 'ETF', timezone: 'CET' };

export const DEMO_SYMBOLS: DemoSymbol[] = [
  {
    symbol: 'MSFT',
    venue: 'NASDAQ',
    meta: {
      currency: 'USD',
      ...NASDAQ_META,
      longName: 'Microsoft Corporation',
      shortName: 'Microsoft Corporation',
      firstTradeDate: 511108200,
      priceHint: 2,
    },
    firstDay: '2019-01-02',
    startPrice: 101.12,
    endPrice: 478.4,
    annualVolatility: 0.27,
    typicalVolume: 24_000_000,
    priceDecimals: 2,
    recording: { file: 'MSFT-1y-dividends.recorded.json', format: 'yahoo-json' },
    dividends: {
      months: [2, 5, 8, 11],
      exDate: nth(3, 3),
      amount: yearlyRaises(11, {
        2018: 0.46,
        2019: 0.51,
        2020: 0.56,
        2021: 0.62,
        2022: 0.68,
        2023: 0.75,
        2024: 0.83,
        2025: 0.91,
        2026: 1.0,
      }),
    },
  },
  {
    symbol: 'AAPL',
    venue: 'NASDAQ',
    meta: {
      currency: 'USD',
      ...NASDAQ_META,
      longName: 'Apple Inc.',
      shortName: 'Apple Inc.',
      firstTradeDate: 345479400,
      priceHint: 2,
    },
    firstDay: '2019-01-02',
    startPrice: 39.48,
    endPrice: 271.9,
    annualVolatility: 0.3,
    typicalVolume: 90_000_000,
    priceDecimals: 2,
    recording: { file: 'AAPL-dividend-split.recorded.json', format: 'yahoo-json' },
    dividends: {
      months: [2, 5, 8, 11],
      exDate: nth(5, 2),
      amount: yearlyRaises(5, {
        2018: 0.1825,
        2019: 0.1925,
        2020: 0.205,
        2021: 0.22,
        2022: 0.23,
        2023: 0.24,
        2024: 0.25,
        2025: 0.26,
        2026: 0.27,
      }),
    },
  },
  {
    symbol: 'IBE.MC',
    venue: 'BME',
    meta: {
      currency: 'EUR',
      exchangeName: 'MCE',
      fullExchangeName: 'MCE',
      instrumentType: 'EQUITY',
      timezone: 'CET',
      longName: 'Iberdrola, S.A.',
      shortName: 'IBERDROLA',
      priceHint: 3,
    },
    firstDay: '2019-01-02',
    startPrice: 6.45,
    endPrice: 19.21,
    annualVolatility: 0.2,
    typicalVolume: 11_000_000,
    priceDecimals: 3,
    recording: { file: 'IBE.MC-daily.csv', format: 'yfinance-csv' },
    dividends: {
      months: [1, 7],
      exDate: (year, month) => (month === 1 ? nth(4, 2)(year, month) : nth(4, 1)(year, month)),
      amount: (year, month) =>
        (month === 1
          ? { 2019: 0.151, 2020: 0.168, 2021: 0.168, 2025: 0.231, 2026: 0.233 }
          : { 2019: 0.142, 2020: 0.232, 2021: 0.232, 2025: 0.404, 2026: 0.41 })[year],
    },
  },
  {
    symbol: 'MUV2.DE',
    venue: 'XETRA',
    meta: {
      currency: 'EUR',
      ...XETRA_META,
      instrumentType: 'EQUITY',
      longName: 'Münchener Rückversicherungs-Gesellschaft Aktiengesellschaft in München',
      shortName: 'MUENCH.RUECKVERS.VNA O.N.',
      firstTradeDate: 898671600,
      priceHint: 2,
    },
    firstDay: '2017-11-27',
    startPrice: 188.55,
    endPrice: 538.2,
    annualVolatility: 0.22,
    typicalVolume: 450_000,
    priceDecimals: 2,
    recording: { file: 'MUV2.DE-null-close.json', format: 'yahoo-json' },
    dividends: {
      months: [4],
      exDate: nth(5, -1),
      amount: (year) =>
        ({ 2019: 9.25, 2020: 9.8, 2021: 9.8, 2022: 11, 2023: 11.6, 2024: 15, 2025: 20, 2026: 24 })[year],
    },
  },
  {
    symbol: 'VWCE.DE',
    venue: 'XETRA',
    meta: {
      currency: 'EUR',
      ...XETRA_META,
      instrumentType: 'ETF',
      longName: 'Vanguard FTSE All-World UCITS ETF USD Accumulation',
      shortName: 'VANG.FTSE A.-W.U.ETF USD ACC',
      firstTradeDate: 1563865200,
      priceHint: 2,
    },
    firstDay: '2019-07-24',
    startPrice: 75.3,
    endPrice: 148.6,
    annualVolatility: 0.15,
    typicalVolume: 95_000,
    priceDecimals: 2,
  },
  // The benchmarks the settings suggest besides VWCE.DE: accumulating ETFs (no dividends), levels near the real ones.
  {
    symbol: 'IWDA.AS',
    venue: 'EURONEXT',
    meta: {
      currency: 'EUR',
      ...AMSTERDAM_META,
      longName: 'iShares Core MSCI World UCITS ETF USD (Acc)',
      shortName: 'ISHARES CORE MSCI WORLD UCITS E',
      firstTradeDate: 1254898800,
      priceHint: 2,
    },
    firstDay: '2019-01-02',
    startPrice: 44.6,
    endPrice: 112.4,
    annualVolatility: 0.15,
    typicalVolume: 600_000,
    priceDecimals: 2,
  },
  {
    symbol: 'CSPX.AS',
    venue: 'EURONEXT',
    meta: {
      currency: 'USD',
      ...AMSTERDAM_META,
      longName: 'iShares Core S&P 500 UCITS ETF USD (Acc)',
      shortName: 'ISHARES CORE S&P 500 UCITS ETF',
      firstTradeDate: 1274425200,
      priceHint: 2,
    },
    firstDay: '2019-01-02',
    startPrice: 247.3,
    endPrice: 712.5,
    annualVolatility: 0.17,
    typicalVolume: 45_000,
    priceDecimals: 2,
  },
  {
    symbol: 'EUR=X',
    venue: 'FX',
    meta: {
      currency: 'EUR',
      exchangeName: 'CCY',
      fullExchangeName: 'CCY',
      instrumentType: 'CURRENCY',
      timezone: 'GMT',
      longName: 'USD/EUR',
      shortName: 'USD/EUR',
      firstTradeDate: 1070236800,
      priceHint: 4,
    },
    firstDay: '2019-01-01',
    startPrice: 0.8735,
    endPrice: 0.8652,
    annualVolatility: 0.07,
    typicalVolume: 0,
    priceDecimals: 4,
  },
];

/** Ex-dates and amounts of a schedule between two days, each moved to a trading day of `days`. */
export function scheduledDividends(
  schedule: DividendSchedule,
  days: readonly string[],
): Array<{ day: string; amount: number }> {
  const dividends: Array<{ day: string; amount: number }> = [];
  const firstYear = Number(days[0]!.slice(0, 4));
  const lastYear = Number(days[days.length - 1]!.slice(0, 4));
  for (let year = firstYear; year <= lastYear; year += 1) {
    for (const month of schedule.months) {
      const amount = schedule.amount(year, month);
      const day = firstDayOnOrAfter(days, schedule.exDate(year, month));
      if (amount !== undefined && day) dividends.push({ day, amount });
    }
  }
  return dividends;
}

/**
 * Sample data for trades in other currencies and other base currencies (issue 34): four listings quoted in
 * GBp, CHF, SEK and JPY, and the exchange rates that convert EUR, USD, GBP, CHF, SEK and JPY into the base
 * currencies EUR, USD and GBP. The rates are one seeded walk per currency against the US dollar (`EUR=X`
 * is the demo's own; `GBP=X`, `CHF=X`, `SEK=X`, `JPY=X` here), and every cross rate is their ratio on
 * the same day, so that switching the base moves no figure other than by its rate.
 */
import { fxSymbolFor } from '../../src/worker/engine/currency';
import type { QuoteBar, QuoteSeries } from '../../server/quotes/series';
import type { DemoSymbol } from './demo-symbols';
import { nthWeekday } from './trading-calendar';

/** The currencies of the sample trades, and the bases the sample rates cover. */
export const SAMPLE_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'JPY'] as const;
export const SAMPLE_BASES = ['EUR', 'USD', 'GBP'] as const;

const fxMeta = (symbol: string, currency: string, name: string) => ({
  currency,
  exchangeName: 'CCY',
  fullExchangeName: 'CCY',
  instrumentType: 'CURRENCY',
  timezone: 'GMT',
  longName: name,
  shortName: name,
  priceHint: 4,
  symbol,
});

const perUsd = (currency: string, startPrice: number, endPrice: number, decimals: number): DemoSymbol => ({
  symbol: `${currency}=X`,
  venue: 'FX',
  meta: fxMeta(`${currency}=X`, currency, `USD/${currency}`),
  firstDay: '2019-01-01',
  startPrice,
  endPrice,
  annualVolatility: 0.08,
  typicalVolume: 0,
  priceDecimals: decimals,
});

/** Units of each currency per US dollar; `EUR=X` is the demo's (demo-symbols.ts). */
export const PER_USD_SYMBOLS: DemoSymbol[] = [
  perUsd('GBP', 0.7843, 0.7612, 4),
  perUsd('CHF', 0.9826, 0.8031, 4),
  perUsd('SEK', 8.8641, 9.4917, 4),
  perUsd('JPY', 109.61, 155.37, 2),
];

const equity = (exchangeName: string, fullExchangeName: string, timezone: string, longName: string) => ({
  exchangeName,
  fullExchangeName,
  instrumentType: 'EQUITY',
  timezone,
  longName,
  shortName: longName,
  priceHint: 2,
});
const month = (m: number, weekday: number, n: number) => (year: number) => nthWeekday(year, m, weekday, n);

/** One listing per currency the demo does not trade in: pence, francs, kronor and yen. */
export const CURRENCY_LISTINGS: DemoSymbol[] = [
  {
    symbol: 'ULVR.L',
    venue: 'LSE',
    meta: { currency: 'GBp', ...equity('LSE', 'LSE', 'GMT', 'Unilever PLC') },
    firstDay: '2019-01-02',
    startPrice: 4102,
    endPrice: 4526,
    annualVolatility: 0.18,
    typicalVolume: 2_500_000,
    priceDecimals: 1,
    // Pence per share, as Yahoo gives a GBp listing's dividends.
    dividends: { months: [2, 5, 8, 11], exDate: (year, m) => month(m, 4, 2)(year), amount: () => 37.5 },
  },
  {
    symbol: 'NESN.SW',
    venue: 'SIX',
    meta: { currency: 'CHF', ...equity('EBS', 'Swiss', 'CET', 'Nestlé S.A.') },
    firstDay: '2019-01-03',
    startPrice: 79.6,
    endPrice: 77.9,
    annualVolatility: 0.16,
    typicalVolume: 4_000_000,
    priceDecimals: 2,
    dividends: { months: [4], exDate: (year) => month(4, 2, 3)(year), amount: (year) => 2.4 + 0.1 * (year - 2019) },
  },
  {
    symbol: 'VOLV-B.ST',
    venue: 'STOCKHOLM',
    meta: { currency: 'SEK', ...equity('STO', 'Stockholm', 'CET', 'AB Volvo (publ)') },
    firstDay: '2019-01-02',
    startPrice: 117.2,
    endPrice: 268.4,
    annualVolatility: 0.28,
    typicalVolume: 5_000_000,
    priceDecimals: 2,
    dividends: { months: [4], exDate: (year) => month(4, 4, 2)(year), amount: (year) => 5 + (year - 2019) * 1.5 },
  },
  {
    symbol: '7203.T',
    venue: 'TOKYO',
    meta: { currency: 'JPY', ...equity('JPX', 'Tokyo', 'JST', 'Toyota Motor Corporation') },
    firstDay: '2019-01-04',
    startPrice: 1254,
    endPrice: 2890,
    annualVolatility: 0.25,
    typicalVolume: 30_000_000,
    priceDecimals: 1,
    dividends: { months: [3, 9], exDate: (year, m) => nthWeekday(year, m, 5, -1), amount: () => 30 },
  },
];

/** 6 significant digits: a JPY rate of 0.00612345 keeps its precision, a GBP one its 1.17123. */
const significant = (value: number) => Number(value.toPrecision(6));

/**
 * Every rate of `currency` into `base` for the sample currencies and bases, as the ratio of their dollar
 * rates bar by bar (`perUsd` by currency, USD absent: 1). Only the symbols not in `perUsd` already.
 */
export function crossRates(perUsd: ReadonlyMap<string, QuoteSeries>): QuoteSeries[] {
  const written = new Set([...perUsd.values()].map((series) => series.meta.symbol));
  const crosses: QuoteSeries[] = [];
  for (const base of SAMPLE_BASES) {
    for (const currency of SAMPLE_CURRENCIES) {
      const symbol = fxSymbolFor(currency, base);
      if (symbol === null || written.has(symbol)) continue;
      crosses.push(ratioSeries(symbol, base, currency, perUsd.get(base) ?? null, perUsd.get(currency) ?? null));
    }
  }
  return crosses;
}

/** `base` per one `currency`: base per dollar over currency per dollar, on the days both have a bar. */
function ratioSeries(
  symbol: string,
  base: string,
  currency: string,
  basePerUsd: QuoteSeries | null,
  currencyPerUsd: QuoteSeries | null,
): QuoteSeries {
  const template = (basePerUsd ?? currencyPerUsd)!;
  const unit = (series: QuoteSeries | null, index: number, field: 'open' | 'close') =>
    series ? series.bars[index]![field]! : 1;
  const bars: QuoteBar[] = template.bars.map((bar, index) => {
    const open = significant(unit(basePerUsd, index, 'open') / unit(currencyPerUsd, index, 'open'));
    const close = significant(unit(basePerUsd, index, 'close') / unit(currencyPerUsd, index, 'close'));
    return { ...bar, open, high: Math.max(open, close), low: Math.min(open, close), close, volume: 0 };
  });
  const last = bars[bars.length - 1]!;
  return {
    meta: {
      ...template.meta,
      ...fxMeta(symbol, base, `${currency}/${base}`),
      regularMarketPrice: last.close ?? undefined,
      chartPreviousClose: bars[0]!.close,
    },
    bars,
    dividends: [],
    splits: [],
  };
}

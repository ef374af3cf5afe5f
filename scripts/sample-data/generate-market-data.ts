/**
 * Everything `npm run market:generate` writes: one chart file per demo symbol (and `EUR=X`), per sample
 * listing in GBp, CHF, SEK and JPY and per exchange rate into the bases EUR, USD and GBP, and the demo portfolio, all deterministic, so a test can regenerate them and compare with what is committed.
 */
import type { YahooChart } from '../../src/model/quotes';
import type { TransactionsBody } from '../../src/model/transaction';
import { marketFileName } from '../../server/quotes/files-provider';
import type { QuoteSeries } from '../../server/quotes/series';
import { buildSampleSeries, sampleChart, type SampleSeries } from './build-series';
import { CURRENCY_LISTINGS, PER_USD_SYMBOLS, crossRates } from './currency-symbols';
import { buildDemoPortfolio } from './demo-portfolio';
import { DEMO_SYMBOLS } from './demo-symbols';

export interface GeneratedMarketData {
  charts: Array<{ symbol: string; fileName: string; chart: YahooChart }>;
  portfolio: TransactionsBody;
}

function chartFile(sample: SampleSeries) {
  const { symbol } = sample.series.meta;
  return { symbol: symbol!, fileName: marketFileName(symbol!), chart: sampleChart(sample) };
}

/** `sourcesDir` holds the real recordings (`data/market/sources/`). */
export function generateMarketData(sourcesDir: string): GeneratedMarketData {
  const seriesBySymbol = new Map<string, QuoteSeries>();
  const charts = [...DEMO_SYMBOLS, ...CURRENCY_LISTINGS].map((spec) => {
    const sample = buildSampleSeries(spec, sourcesDir);
    seriesBySymbol.set(spec.symbol, sample.series);
    return chartFile(sample);
  });
  // Each sample currency's dollar rate; of those only the base GBP's own (`GBP=X`) is a file, the others make its crosses.
  const perUsd = new Map([['EUR', seriesBySymbol.get('EUR=X')!]]);
  for (const spec of PER_USD_SYMBOLS) {
    const sample = buildSampleSeries(spec, sourcesDir);
    perUsd.set(spec.meta.currency!, sample.series);
    if (spec.symbol === 'GBP=X') charts.push(chartFile(sample));
  }
  for (const series of crossRates(perUsd)) charts.push(chartFile({ series, recordedRanges: [] }));
  return { charts, portfolio: buildDemoPortfolio(seriesBySymbol) };
}

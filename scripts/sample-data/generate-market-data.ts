/**
 * Everything `npm run market:generate` writes: one chart file per demo symbol (and `EUR=X`) and the
 * demo portfolio, all deterministic, so a test can regenerate them and compare with what is committed.
 */
import type { YahooChart } from '../../src/model/quotes';
import type { TransactionsBody } from '../../src/model/transaction';
import { marketFileName } from '../../server/quotes/files-provider';
import type { QuoteSeries } from '../../server/quotes/series';
import { buildSampleSeries, sampleChart } from './build-series';
import { buildDemoPortfolio } from './demo-portfolio';
import { DEMO_SYMBOLS } from './demo-symbols';

export interface GeneratedMarketData {
  charts: Array<{ symbol: string; fileName: string; chart: YahooChart }>;
  portfolio: TransactionsBody;
}

/** `sourcesDir` holds the real recordings (`data/market/sources/`). */
export function generateMarketData(sourcesDir: string): GeneratedMarketData {
  const seriesBySymbol = new Map<string, QuoteSeries>();
  const charts = DEMO_SYMBOLS.map((spec) => {
    const sample = buildSampleSeries(spec, sourcesDir);
    seriesBySymbol.set(spec.symbol, sample.series);
    return { symbol: spec.symbol, fileName: marketFileName(spec.symbol), chart: sampleChart(sample) };
  });
  return { charts, portfolio: buildDemoPortfolio(seriesBySymbol) };
}

/** The quotes service contract: Yahoo v8 chart JSON, as the service returns it. */

/** Where a quote entry came from; the UI marks `files` as offline data and `sample` as sample prices. */
export type QuoteDataSource = 'yahoo' | 'cache' | 'files' | 'sample';

export interface YahooChartMeta {
  currency?: string | null;
  symbol?: string;
  exchangeTimezoneName?: string;
  gmtoffset?: number;
  regularMarketPrice?: number;
  /** Added by our quotes service. */
  dataSource?: QuoteDataSource;
  [key: string]: unknown;
}

export interface YahooDividendEvent {
  amount: number;
  /** Unix seconds of the ex-date. */
  date: number;
}

export interface YahooSplitEvent {
  date: number;
  numerator: number;
  denominator: number;
  splitRatio?: string;
}

export interface YahooChartResult {
  meta: YahooChartMeta;
  /** Unix seconds, one per bar. Absent when the range holds no bar. */
  timestamp?: number[];
  events?: {
    dividends?: Record<string, YahooDividendEvent>;
    splits?: Record<string, YahooSplitEvent>;
  };
  indicators: {
    quote: Array<{
      close?: Array<number | null>;
      open?: Array<number | null>;
      high?: Array<number | null>;
      low?: Array<number | null>;
      volume?: Array<number | null>;
    }>;
    adjclose?: Array<{ adjclose?: Array<number | null> }>;
  };
}

export interface YahooChart {
  chart: {
    result: YahooChartResult[] | null;
    error: { code: string; description: string } | null;
  };
}

export type QuoteEntry = { symbol: string; data: YahooChart } | { symbol: string; error: string };

/** Body of `POST /api/quotes`. `start` and `end` are unix seconds. */
export type QuotesRequest =
  { symbols: string[]; start: number; end: number } | { symbol: string; start: number; end: number };

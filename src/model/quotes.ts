/**
 * The quotes service contract. `POST /api/quotes` answers each symbol in a compact columnar form
 * (`QuoteEntry`: days and closes as plain number arrays, events apart; docs/architecture.md). Yahoo's v8
 * chart JSON (`YahooChart`) is what Yahoo and the recorded files in `data/market` hold: only the server's
 * upstream and files providers read it.
 */

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

/** What the engine and the UI read of a symbol's meta. */
export interface QuoteMeta {
  /** As Yahoo writes it (`GBp` for pence); null when Yahoo names none. */
  currency: string | null;
  /** The IANA zone the days are dates in; null when Yahoo names none (the days are then UTC dates). */
  exchangeTimezoneName: string | null;
  dataSource: QuoteDataSource;
}

/**
 * One symbol's daily history as columns. `days[k]` is the epoch day (days since 1970-01-01) of the k-th
 * bar's date in the exchange's time zone, ascending, one bar per day; `closes[k]` its close in
 * `meta.currency`. Bars without a close are left out. Dividends (amount per share, ex-date) and splits
 * (numerator:denominator, 4:1 for four new shares per old one) are columns of their own, by day ascending.
 */
export interface QuoteColumns {
  meta: QuoteMeta;
  days: number[];
  closes: number[];
  dividends: { days: number[]; amounts: number[] };
  splits: { days: number[]; numerators: number[]; denominators: number[] };
}

export type QuoteColumnsEntry = { symbol: string } & QuoteColumns;
export type QuoteErrorEntry = { symbol: string; error: string };
/** One element of a `/api/quotes` answer: the symbol's columns, or why there are none. */
export type QuoteEntry = QuoteColumnsEntry | QuoteErrorEntry;

/** A whole series as `/api/quotes` answers it, with its validator (`server/quotes/quote-revision.ts`). */
export type QuoteFullEntry = QuoteColumnsEntry & { validator: string };
/** The columns after the day `after` only: they replace what the client holds after that day. */
export type QuoteTailEntry = QuoteColumnsEntry & { after: number; validator: string };
/** The client's series is the one the service would answer: nothing new. */
export type QuoteUnchangedEntry = { symbol: string; unchanged: true };
/** One element of a `/api/quotes` answer when the client may name what it holds. */
export type QuoteAnswerEntry =
  | QuoteFullEntry
  | QuoteTailEntry
  | QuoteUnchangedEntry
  | QuoteErrorEntry
  // A service from before incremental quotes: the whole series, no validator.
  | QuoteColumnsEntry;

/**
 * An answer entry as it travels to a client that asked for `closes: "deltas"`: a series with
 * `closesScale: k` carries its closes as integer deltas at 10^k (the first absolute;
 * `src/model/closes-encoding.ts`), decoded through float32 with `closesFloat32: true`; one without, plain
 * closes.
 */
export type QuoteWireEntry =
  | QuoteAnswerEntry
  | ((QuoteFullEntry | QuoteTailEntry | QuoteColumnsEntry) & { closesScale: number; closesFloat32?: true });

/**
 * A series of an answer in bytes (`quote-columns-binary.ts`) as the worker reads it: the whole series or
 * its tail after `after`, its days and closes already in typed arrays.
 */
export type QuoteTypedEntry = Omit<QuoteColumnsEntry, 'days' | 'closes'> & {
  days: Int32Array;
  closes: Float64Array;
  validator: string;
  after?: number;
};
/** One element of an answer in bytes, read: a series in typed arrays, "unchanged", or an error. */
export type QuoteReadEntry = QuoteTypedEntry | QuoteUnchangedEntry | QuoteErrorEntry;

/**
 * One symbol's series as the worker holds it (IndexedDB): the columns of the answers, merged, in typed
 * arrays, with the validator of the last answer. The engine reads it as it reads an answer's columns.
 */
export interface HeldQuoteColumns {
  symbol: string;
  meta: QuoteMeta;
  days: Int32Array;
  closes: Float64Array;
  dividends: { days: Int32Array; amounts: Float64Array };
  splits: { days: Int32Array; numerators: Float64Array; denominators: Float64Array };
  validator: string;
}

/**
 * Body of `POST /api/quotes`. `start` and `end` are unix seconds; `held` names, per symbol asked for,
 * the validator of the series the client holds.
 */
export type QuotesRequest = ({ symbols: string[] } | { symbol: string }) & {
  start: number;
  end: number;
  held?: Record<string, string>;
  /** Closes as integer deltas at a decimal scale where a series has one (`QuoteWireEntry`). */
  closes?: 'deltas';
  /** The answer in bytes (`quote-columns-binary.ts`), closes as deltas where a scale has them. */
  format?: 'binary';
};

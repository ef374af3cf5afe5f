/**
 * The quotes service's own shape of one symbol's daily history: bars, events and meta in plain arrays.
 * Every provider turns what it reads into this; the answer is built from it (see `quote-columns.ts`).
 */
import type { YahooChartMeta } from '../../src/model/quotes';

export interface QuoteBar {
  /** Unix seconds, as Yahoo stamps a daily bar (market open, in UTC). */
  timestampSeconds: number;
  /** The bar's calendar day in the exchange's time zone (UTC when the zone is unknown). */
  epochDay: number;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
}

export interface QuoteDividend {
  /** Unix seconds of the ex-date, Yahoo's `date` field. */
  dateSeconds: number;
  epochDay: number;
  /** Per share, in the quote currency. */
  amount: number;
}

export interface QuoteSplit {
  dateSeconds: number;
  epochDay: number;
  numerator: number;
  denominator: number;
}

export interface QuoteSeries {
  meta: YahooChartMeta;
  /** Sorted by time, one bar per exchange day. */
  bars: QuoteBar[];
  dividends: QuoteDividend[];
  splits: QuoteSplit[];
}

/** Bars and events whose time lies in [startSeconds, endSeconds]; meta unchanged. */
export function sliceSeries(series: QuoteSeries, startSeconds: number, endSeconds: number): QuoteSeries {
  const within = (seconds: number) => seconds >= startSeconds && seconds <= endSeconds;
  return {
    meta: series.meta,
    bars: series.bars.filter((bar) => within(bar.timestampSeconds)),
    dividends: series.dividends.filter((event) => within(event.dateSeconds)),
    splits: series.splits.filter((event) => within(event.dateSeconds)),
  };
}

/**
 * The quotes cache in the database: per symbol and exchange day, bars, dividend and split events, the
 * latest meta, and the span of time already fetched from Yahoo (its "coverage"). This file holds the
 * contract and what both databases share (tables, row mapping); `sqlite/quote-cache.ts` and
 * `postgres/quote-cache.ts` implement it. Symbols are stored as given; the service passes them upper-cased.
 */
import { randomBytes } from 'node:crypto';
import type { YahooChartMeta } from '../../src/model/quotes';
import type { QuoteBar, QuoteDividend, QuoteSeries, QuoteSplit } from '../quotes/series';

export interface CacheCoverage {
  /** Unix seconds: the span fetched from Yahoo and stored, without holes. */
  startSeconds: number;
  endSeconds: number;
  /** Unix seconds of the fetch that last moved `endSeconds`. */
  fetchedAtSeconds: number;
  /**
   * As read from the database: a token the last write of the series stored (new at every write, on
   * either database, by any instance; '' for a series written before migration 12). Not written from here.
   */
  written?: string;
}

export interface QuoteCache {
  readonly kind: 'sqlite' | 'pg';
  coverage(symbol: string): Promise<CacheCoverage | null>;
  /** Stored bars and events within [startSeconds, endSeconds] with the stored meta; null when nothing is stored. */
  read(symbol: string, startSeconds: number, endSeconds: number): Promise<QuoteSeries | null>;
  /**
   * Merges a fetched (already validated) series, one row per exchange day, replacing the stored day,
   * except that a bar without a close never replaces one with a close; sets meta, coverage and a new
   * write token (`CacheCoverage.written`). Atomic.
   */
  write(symbol: string, series: QuoteSeries, coverage: CacheCoverage): Promise<void>;
  /** Drops everything stored for `symbol` (a new split made its stored closes stale). */
  forget(symbol: string): Promise<void>;
  /** Symbols Yahoo does not know, shared by every instance on the database (`quotes/unknown-symbols.ts`; stored by `quote-unknown-symbols.ts`). */
  readonly unknownSymbols: UnknownSymbols;
}

export interface UnknownSymbols {
  /** Yahoo's words when it said it does not know `symbol`, while that is remembered (until after `nowMs`); else null. */
  find(symbol: string, nowMs: number): Promise<string | null>;
  /** Remembers Yahoo's refusal until `untilMs`; forgets every entry that ended before `nowMs`. */
  remember(symbol: string, reason: string, untilMs: number, nowMs: number): Promise<void>;
}

/** Statement parts both databases share; each adds its own placeholders. */
export const CACHE_SQL = {
  selectSeries: 'SELECT meta_json, covered_start, covered_end, fetched_at, written FROM quote_cache_series',
  selectBars: 'SELECT epoch_day, ts, open, high, low, close, volume FROM quote_cache_bars',
  selectEvents: 'SELECT kind, epoch_day, ts, amount, numerator, denominator FROM quote_cache_events',
  insertSeries: 'INSERT INTO quote_cache_series (symbol, meta_json, covered_start, covered_end, fetched_at, written)',
  insertBars: 'INSERT INTO quote_cache_bars (symbol, epoch_day, ts, open, high, low, close, volume)',
  insertEvents: 'INSERT INTO quote_cache_events (symbol, kind, epoch_day, ts, amount, numerator, denominator)',
  upsertSeries: `ON CONFLICT (symbol) DO UPDATE SET meta_json = excluded.meta_json,
    covered_start = excluded.covered_start, covered_end = excluded.covered_end, fetched_at = excluded.fetched_at,
    written = excluded.written`,
  upsertBar: `ON CONFLICT (symbol, epoch_day) DO UPDATE SET ts = excluded.ts, open = excluded.open,
    high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume
    WHERE excluded.close IS NOT NULL OR quote_cache_bars.close IS NULL`,
  upsertEvent: `ON CONFLICT (symbol, kind, epoch_day) DO UPDATE SET ts = excluded.ts,
    amount = excluded.amount, numerator = excluded.numerator, denominator = excluded.denominator`,
  tablesOfASymbol: ['quote_cache_bars', 'quote_cache_events', 'quote_cache_series'],
  selectUnknown: 'SELECT reason FROM quote_unknown_symbols',
  upsertUnknown: `INSERT INTO quote_unknown_symbols (symbol, reason, until_ms)`,
  onConflictUnknown: 'ON CONFLICT (symbol) DO UPDATE SET reason = excluded.reason, until_ms = excluded.until_ms',
  deleteEndedUnknown: 'DELETE FROM quote_unknown_symbols WHERE until_ms <',
} as const;

/** Rows as either driver returns them; PostgreSQL gives BIGINT as a string. */
export interface BarRow {
  epoch_day: number | string;
  ts: number | string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
}
export interface EventRow {
  kind: string;
  epoch_day: number | string;
  ts: number | string;
  amount: number | null;
  numerator: number | null;
  denominator: number | null;
}
export interface SeriesRow {
  meta_json: string;
  covered_start: number | string;
  covered_end: number | string;
  fetched_at: number | string;
  written: string;
}

export function coverageFromRow(row: SeriesRow): CacheCoverage {
  return {
    startSeconds: Number(row.covered_start),
    endSeconds: Number(row.covered_end),
    fetchedAtSeconds: Number(row.fetched_at),
    written: row.written,
  };
}

export function seriesFromRows(row: SeriesRow, bars: readonly BarRow[], events: readonly EventRow[]): QuoteSeries {
  const dividends: QuoteDividend[] = [];
  const splits: QuoteSplit[] = [];
  for (const event of events) {
    const when = { dateSeconds: Number(event.ts), epochDay: Number(event.epoch_day) };
    if (event.kind === 'dividend') dividends.push({ ...when, amount: event.amount ?? 0 });
    else splits.push({ ...when, numerator: event.numerator ?? 1, denominator: event.denominator ?? 1 });
  }
  return {
    meta: JSON.parse(row.meta_json) as YahooChartMeta,
    bars: bars.map((bar): QuoteBar => ({
      timestampSeconds: Number(bar.ts),
      epochDay: Number(bar.epoch_day),
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
      volume: bar.volume,
    })),
    dividends,
    splits,
  };
}

/** A new write token: 96 random bits. */
export const writeToken = (): string => randomBytes(12).toString('base64url');

/** The columns of an event row in a fixed order: kind, epoch_day, ts, amount, numerator, denominator. */
export function eventColumns(
  series: QuoteSeries,
): Array<[string, number, number, number | null, number | null, number | null]> {
  return [
    ...series.dividends.map(
      (d) =>
        ['dividend', d.epochDay, d.dateSeconds, d.amount, null, null] as [string, number, number, number, null, null],
    ),
    ...series.splits.map(
      (s) =>
        ['split', s.epochDay, s.dateSeconds, null, s.numerator, s.denominator] as [
          string,
          number,
          number,
          null,
          number,
          number,
        ],
    ),
  ];
}

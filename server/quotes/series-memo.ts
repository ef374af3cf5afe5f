/**
 * What a repeated quotes request would read and compute again, kept while what it came from stands:
 * - `SeriesMemo`: per symbol and first second asked, the series last read (from a recording or the
 *   database cache) under a `version` of its source (a recording parsed once; the cache's write token,
 *   stored beside each series and new at every write, `storage/quote-cache.ts`). It is handed out again
 *   only for the same version and start, and an end at or after every bar and event it holds, so it is
 *   exactly the series the source would give: nothing is read again, and the same object comes back.
 * - `memoColumns` and `memoValidator` (`quote-columns.ts`, `quote-revision.ts`): the answer's columns of
 *   that same series object, and their validator, computed once per object (weakly held: they go with it).
 * So a second visit's "unchanged" costs a look-up instead of reading and hashing every series.
 */
import type { QuoteSeries } from './series';

/** About 16 bytes a bar in memory (its day and close in the columns): 2 M bars are ~32 MB, XL's 200 series 1.6 M. */
export const MEMO_MAX_BARS = 2_000_000;

interface Kept {
  version: string;
  startSeconds: number;
  /** The time of the series' last bar or event: an end at or after it slices nothing off. */
  lastSeconds: number;
  series: QuoteSeries;
}

export function lastSecondsOf(series: QuoteSeries): number {
  let last = Number.NEGATIVE_INFINITY;
  const bars = series.bars;
  if (bars.length > 0) last = bars[bars.length - 1]!.timestampSeconds;
  for (const event of series.dividends) last = Math.max(last, event.dateSeconds);
  for (const event of series.splits) last = Math.max(last, event.dateSeconds);
  return last;
}

export class SeriesMemo {
  private readonly kept = new Map<string, Kept>();
  private bars = 0;

  constructor(private readonly maxBars = MEMO_MAX_BARS) {}

  /** The series kept for `symbol` from `startSeconds` under `version`, if `endSeconds` cuts none of it off. */
  get(symbol: string, version: string, startSeconds: number, endSeconds: number): QuoteSeries | null {
    const key = `${symbol}\u0000${startSeconds}`;
    const kept = this.kept.get(key);
    if (!kept || kept.version !== version || endSeconds < kept.lastSeconds) return null;
    // Most recently used last: the first key is the one to drop.
    this.kept.delete(key);
    this.kept.set(key, kept);
    return kept.series;
  }

  /** Keeps `series`, read for `symbol` from `startSeconds` to its end under `version`. */
  put(symbol: string, version: string, startSeconds: number, series: QuoteSeries): void {
    const key = `${symbol}\u0000${startSeconds}`;
    this.drop(key);
    if (series.bars.length > this.maxBars) return;
    this.kept.set(key, { version, startSeconds, lastSeconds: lastSecondsOf(series), series });
    this.bars += series.bars.length;
    for (const oldest of this.kept.keys()) {
      if (this.bars <= this.maxBars) break;
      this.drop(oldest);
    }
  }

  /** Drops every series kept for `symbol` (its source changed). */
  forget(symbol: string): void {
    for (const key of [...this.kept.keys()]) if (key.startsWith(`${symbol}\u0000`)) this.drop(key);
  }

  /** Series kept and their bars (for tests). */
  size(): { series: number; bars: number } {
    return { series: this.kept.size, bars: this.bars };
  }

  private drop(key: string): void {
    const kept = this.kept.get(key);
    if (!kept) return;
    this.bars -= kept.series.bars.length;
    this.kept.delete(key);
  }
}

/**
 * Symbols Yahoo does not know (it answered 404), remembered for a while so that a made-up symbol reaches
 * Yahoo once per while, however often and by whomever it is asked, and for any date range. With a
 * database the memory is the quotes cache's table (migration 8), shared by every instance; without one,
 * this process's.
 */
import type { UnknownSymbols } from '../storage/quote-cache';
import type { SeriesResult, UpstreamCharts } from './yahoo-provider';

/** Entries kept in memory at most; the oldest goes first. */
const MAX_IN_MEMORY = 10_000;

export function createMemoryUnknownSymbols(): UnknownSymbols {
  const entries = new Map<string, { reason: string; untilMs: number }>();
  return {
    async find(symbol, nowMs) {
      const entry = entries.get(symbol);
      return entry && entry.untilMs > nowMs ? entry.reason : null;
    },
    async remember(symbol, reason, untilMs, nowMs) {
      for (const [known, entry] of entries) if (entry.untilMs <= nowMs) entries.delete(known);
      if (entries.size >= MAX_IN_MEMORY) entries.delete(entries.keys().next().value!);
      entries.set(symbol, { reason, untilMs });
    },
  };
}

/**
 * `upstream` behind the memory: a symbol remembered as unknown gets its failure back without a call,
 * and a 404 is remembered for `rememberMs`. A database error is logged and taken as "nothing remembered".
 */
export function rememberingUnknownSymbols(
  upstream: UpstreamCharts,
  unknownSymbols: UnknownSymbols,
  options: { rememberMs: number; nowMs: () => number; log: (event: Record<string, unknown>) => void },
): UpstreamCharts {
  const { log } = options;
  const broken = (symbol: string, error: unknown): null => {
    log({
      event: 'quotes.cache-error',
      level: 'error',
      symbol,
      message: error instanceof Error ? error.message : String(error),
    });
    return null;
  };
  return {
    async fetchSeries(symbol, startSeconds, endSeconds, caller): Promise<SeriesResult> {
      const reason = await unknownSymbols
        .find(symbol, options.nowMs())
        .catch((error: unknown) => broken(symbol, error));
      if (reason !== null) {
        return {
          ok: false,
          failure: {
            kind: 'unknown-symbol',
            message: `${reason} (remembered: Yahoo is not asked again about ${symbol} for a while)`,
          },
        };
      }
      const result = await upstream.fetchSeries(symbol, startSeconds, endSeconds, caller);
      if (!result.ok && result.failure.kind === 'unknown-symbol') {
        const nowMs = options.nowMs();
        await unknownSymbols
          .remember(symbol, result.failure.message, nowMs + options.rememberMs, nowMs)
          .catch((error: unknown) => broken(symbol, error));
      }
      return result;
    },
  };
}

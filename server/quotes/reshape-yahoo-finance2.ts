/**
 * yahoo-finance2's `chart(…, {return: 'object'})` hands back Yahoo's chart result with its times turned
 * into `Date`s (meta times, event dates) and, when the range holds no bar, the empty quote popped. This
 * turns it back into the v8 chart JSON Yahoo sent, which `parseChart` reads.
 */
import type { YahooChart, YahooChartResult } from '../../src/model/quotes';

/** A copy of `value` with every `Date` inside replaced by its unix seconds. */
function withUnixSeconds(value: unknown): unknown {
  if (value instanceof Date) return Math.floor(value.getTime() / 1000);
  if (Array.isArray(value)) return value.map(withUnixSeconds);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withUnixSeconds(inner)]));
  }
  return value;
}

/**
 * The v8 chart JSON of one yahoo-finance2 chart result. The result is typed `unknown` because the module
 * is called without its own validation (our `parseChart` is the gate), so anything may come back; what
 * is not shaped like a chart result passes through for `parseChart` to refuse.
 */
export function chartJsonFromYahooFinance2(result: unknown): YahooChart {
  const reshaped = withUnixSeconds(result) as { indicators?: { quote?: unknown[] } };
  const quotes = reshaped?.indicators?.quote;
  if (Array.isArray(quotes) && quotes.length === 0) reshaped.indicators!.quote = [{}];
  return { chart: { result: [reshaped as YahooChartResult], error: null } };
}

/**
 * Incremental quotes: each answered series carries a validator, and a client that holds a series sends
 * its validator back with the next request. The validator is `whole.through.settled`: `whole` a digest of
 * the series answered (meta, bars and events), `through` an epoch day a week before its last bar and
 * `settled` a digest of the series up to that day. Against what the service would answer now:
 * - the same `whole` → `{symbol, unchanged: true}`: nothing new, a few bytes;
 * - the same `settled` up to `through` → the columns after `through` alone, with `after: through`: the
 *   client keeps what it holds up to that day and puts these after it (new bars, and the last week's,
 *   which a live or corrected recent bar may have changed);
 * - anything else (a corrected older close, a new split that re-scaled the closes, a new past dividend,
 *   another currency or start) → the whole series, as without a validator.
 * The digests leave out whether Yahoo or the cache answered (the same prices). They are computed from the answer itself, so every provider (Yahoo, the cache, the recorded files)
 * behaves the same and nothing is stored per client; an entry the service hands out again (the same
 * object, while its source stands: `series-memo.ts`) keeps its validator, so it is hashed once.
 */
import { createHash } from 'node:crypto';
import type { QuoteAnswerEntry, QuoteColumnsEntry, QuoteEntry } from '../../src/model/quotes';

/** How many calendar days before the last bar the settled part ends: the tail is sent again after it. */
export const SETTLE_DAYS = 7;

/** 16 base64url characters (96 bits) each digest; the day in between. */
export const VALIDATOR_PATTERN = /^[A-Za-z0-9_-]{16}\.-?\d{1,7}\.[A-Za-z0-9_-]{16}$/;

/** How many of `days` (ascending) are on or before `through`. */
function countThrough(days: readonly number[], through: number): number {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (days[middle]! <= through) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A digest of the entry's meta and of its columns on or before `through` (all of them for Infinity). */
export function digestThrough(entry: QuoteColumnsEntry, through: number): string {
  const hash = createHash('sha256');
  const { meta, dividends, splits } = entry;
  // Yahoo's and the cache's are the same prices (a series fetched once is served from the cache next);
  // the recorded and the sample files are marked apart in the UI, so a change between them is a change.
  const source = meta.dataSource === 'cache' ? 'yahoo' : meta.dataSource;
  hash.update(JSON.stringify([meta.currency, meta.exchangeTimezoneName, source]));
  const bars = countThrough(entry.days, through);
  const paid = countThrough(dividends.days, through);
  const split = countThrough(splits.days, through);
  const columns: Array<[readonly number[], number]> = [
    [entry.days, bars],
    [entry.closes, bars],
    [dividends.days, paid],
    [dividends.amounts, paid],
    [splits.days, split],
    [splits.numerators, split],
    [splits.denominators, split],
  ];
  for (const [column, count] of columns) {
    const values = new Float64Array(count + 1);
    values[0] = count;
    for (let k = 0; k < count; k += 1) values[k + 1] = column[k]!;
    hash.update(new Uint8Array(values.buffer));
  }
  return hash.digest('base64url').slice(0, 16);
}

/** Validators of the entries the service hands out again (`series-memo.ts`), computed once per entry. */
const validators = new WeakMap<QuoteColumnsEntry, string>();

export function validatorOf(entry: QuoteColumnsEntry): string {
  let validator = validators.get(entry);
  if (validator === undefined) validators.set(entry, (validator = computeValidator(entry)));
  return validator;
}

function computeValidator(entry: QuoteColumnsEntry): string {
  const last = entry.days.length > 0 ? entry.days[entry.days.length - 1]! : 0;
  const through = last - SETTLE_DAYS;
  return `${digestThrough(entry, Infinity)}.${through}.${digestThrough(entry, through)}`;
}

/** The columns of `entry` after `through`. */
function tailAfter(entry: QuoteColumnsEntry, through: number): QuoteColumnsEntry {
  const bars = countThrough(entry.days, through);
  const paid = countThrough(entry.dividends.days, through);
  const split = countThrough(entry.splits.days, through);
  return {
    symbol: entry.symbol,
    meta: entry.meta,
    days: entry.days.slice(bars),
    closes: entry.closes.slice(bars),
    dividends: { days: entry.dividends.days.slice(paid), amounts: entry.dividends.amounts.slice(paid) },
    splits: {
      days: entry.splits.days.slice(split),
      numerators: entry.splits.numerators.slice(split),
      denominators: entry.splits.denominators.slice(split),
    },
  };
}

/**
 * Whether `answer` (answerFor's for `entry`) is the entry's whole series: its columns with its validator,
 * nothing cut off. Such an answer is the same for every client that holds none of it, so its encodings
 * are kept per entry (`answer-text.ts`, `answer-columns.ts`).
 */
export function isWholeSeries(entry: QuoteEntry, answer: QuoteAnswerEntry): boolean {
  return !('error' in entry) && 'validator' in answer && !('after' in answer);
}

/** What to answer for `entry` to a client holding the series `held` names (undefined: it holds none). */
export function answerFor(entry: QuoteEntry, held: string | undefined): QuoteAnswerEntry {
  if ('error' in entry) return entry;
  const validator = validatorOf(entry);
  if (held === undefined || !VALIDATOR_PATTERN.test(held)) return { ...entry, validator };
  const [whole, throughText, settled] = held.split('.') as [string, string, string];
  if (whole === validator.slice(0, 16)) return { symbol: entry.symbol, unchanged: true };
  const through = Number(throughText);
  if (digestThrough(entry, through) === settled) return { ...tailAfter(entry, through), after: through, validator };
  return { ...entry, validator };
}

/**
 * The validator of an answered series and what the service answers against it: nothing new for the same
 * series, the tail after the settled day for bars appended (or a recent bar changed), the whole series
 * for anything changed before it (a corrected close, a new split, a new past dividend, another currency).
 * And the worker's merge of each such answer, read from the answer in bytes as the worker reads it, into
 * what it held gives the series the service holds now.
 */
import { describe, expect, it } from 'vitest';
import type { QuoteColumnsEntry, QuoteEntry, QuoteFullEntry } from '#src/model/quotes';
import { quoteColumnsAnswer } from '#src/model/quote-columns-binary';
import { answerColumns } from '#server/quotes/answer-columns';
import { answerFor, SETTLE_DAYS, validatorOf, VALIDATOR_PATTERN } from '#server/quotes/quote-revision';
import { heldFrom, mergeAnswer } from '#src/worker/held-quotes/merge';
import { readQuoteColumns } from '#src/worker/services/quotes-api';

/** `count` week days from epoch day 20000, closes 100, 101, …; a dividend on day 20010, no split. */
function series(count: number): QuoteColumnsEntry {
  const days: number[] = [];
  for (let day = 20_000; days.length < count; day += 1) if (day % 7 !== 2 && day % 7 !== 3) days.push(day);
  return {
    symbol: 'MSFT',
    meta: { currency: 'USD', exchangeTimezoneName: 'America/New_York', dataSource: 'yahoo' },
    days,
    closes: days.map((_, k) => 100 + k),
    dividends: { days: [20_010], amounts: [0.5] },
    splits: { days: [], numerators: [], denominators: [] },
  };
}

/** What the worker reads of the service's answer for `entry` to a client holding `held`: through the bytes. */
function read(entry: QuoteEntry, held: string | undefined) {
  const { head, columns } = answerColumns(entry, held);
  return readQuoteColumns(quoteColumnsAnswer(`[${head}]`, columns ? [columns] : []))[0]!;
}

const heldOf = (entry: QuoteColumnsEntry) => {
  const whole = read(entry, undefined);
  if (!('days' in whole)) throw new Error(JSON.stringify(whole));
  return heldFrom(whole, validatorOf(entry));
};
const plain = (entry: ReturnType<typeof heldOf>) => ({
  meta: entry.meta,
  days: [...entry.days],
  closes: [...entry.closes],
  dividends: { days: [...entry.dividends.days], amounts: [...entry.dividends.amounts] },
  splits: {
    days: [...entry.splits.days],
    numerators: [...entry.splits.numerators],
    denominators: [...entry.splits.denominators],
  },
});
const columns = ({ meta, days, closes, dividends, splits }: QuoteColumnsEntry) => ({
  meta,
  days,
  closes,
  dividends,
  splits,
});

/** The answer to a client holding `before` when the service holds `now`, and the client's series after it. */
function visit(before: QuoteColumnsEntry, now: QuoteColumnsEntry) {
  const held = heldOf(before);
  const answer = answerFor(now, held.validator);
  const merged = mergeAnswer(held, read(now, held.validator));
  if ('error' in merged.entry) throw new Error(merged.entry.error);
  return { answer, merged: plain(merged.entry), stored: merged.store !== null };
}

describe('validators', () => {
  it('a whole answer carries a validator of the documented shape, the settled day a week before the last bar', () => {
    const entry = series(300);
    const answer = answerFor(entry, undefined) as QuoteFullEntry;
    expect(answer.validator).toMatch(VALIDATOR_PATTERN);
    expect(Number(answer.validator.split('.')[1])).toBe(entry.days.at(-1)! - SETTLE_DAYS);
    expect(columns(answer)).toEqual(columns(entry));
  });

  it('the same series again: nothing new, a few bytes, and the client keeps what it holds', () => {
    const { answer, merged, stored } = visit(series(300), series(300));
    expect(answer).toEqual({ symbol: 'MSFT', unchanged: true });
    expect(JSON.stringify(answer).length).toBeLessThan(40);
    expect(merged).toEqual(plain(heldOf(series(300))));
    expect(stored).toBe(false);
  });

  it('bars appended: only the bars after the settled day come, and the merge is the new series', () => {
    const before = series(300);
    const now = series(305);
    const { answer, merged, stored } = visit(before, now);
    const through = before.days.at(-1)! - SETTLE_DAYS;
    expect(answer).toMatchObject({ after: through, days: now.days.filter((day) => day > through) });
    expect('days' in answer && answer.days.length).toBeLessThan(12);
    expect(merged).toEqual(plain(heldOf(now)));
    expect(stored).toBe(true);
  });

  it("a changed close of the last week (Yahoo's live bar) comes as the tail, not the whole series", () => {
    const now = series(300);
    now.closes[299] = 12.5;
    const { answer, merged } = visit(series(300), now);
    expect(answer).toHaveProperty('after');
    expect(merged.closes[299]).toBe(12.5);
  });

  it('a corrected close before the settled day brings the whole series', () => {
    const now = series(305);
    now.closes[10] = 42;
    const { answer, merged } = visit(series(300), now);
    expect(answer).not.toHaveProperty('after');
    expect(answer).toHaveProperty('days', now.days);
    expect(merged).toEqual(plain(heldOf(now)));
  });

  it('a new split that re-scaled the earlier closes brings the whole series', () => {
    const now = series(305);
    now.closes = now.closes.map((close, k) => (k < 290 ? close / 2 : close));
    now.splits = { days: [now.days[290]!], numerators: [2], denominators: [1] };
    const { answer, merged } = visit(series(300), now);
    expect(answer).not.toHaveProperty('after');
    expect(merged.splits).toEqual({ days: [now.days[290]], numerators: [2], denominators: [1] });
    expect(merged.closes[0]).toBe(50);
  });

  it('a dividend added in the past, another currency or a later start bring the whole series', () => {
    const dividend = series(300);
    dividend.dividends = { days: [20_010, 20_100], amounts: [0.5, 0.6] };
    const currency = series(300);
    currency.meta = { ...currency.meta, currency: 'EUR' };
    const later = series(300);
    later.days = later.days.slice(5);
    later.closes = later.closes.slice(5);
    for (const now of [dividend, currency, later]) {
      const { answer, merged } = visit(series(300), now);
      expect(answer).not.toHaveProperty('after');
      expect(answer).not.toHaveProperty('unchanged');
      expect(merged).toEqual(plain(heldOf(now)));
    }
  });

  it('an error answer passes as it is and nothing is stored; a tail for a series not held is an error', () => {
    expect(answerFor({ symbol: 'X', error: 'no data' }, 'x')).toEqual({ symbol: 'X', error: 'no data' });
    expect(mergeAnswer(heldOf(series(3)), { symbol: 'MSFT', error: 'down' })).toEqual({
      entry: { symbol: 'MSFT', error: 'down' },
      store: null,
    });
    expect(mergeAnswer(undefined, { symbol: 'MSFT', unchanged: true }).entry).toHaveProperty('error');
  });
});

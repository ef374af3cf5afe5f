/**
 * The text of a quotes answer's entry (server/quotes/answer-text.ts) is what `JSON.stringify` gives of the
 * answer the route would send, in either encoding of the closes; a whole series' text is kept per entry
 * object (the service hands the same entry out again while its source stands), "unchanged", a tail and an
 * error are written each time, and another entry (a corrected series) gets its own text.
 */
import { expect, it } from 'vitest';
import type { QuoteColumnsEntry } from '#src/model/quotes';
import { answerText } from '#server/quotes/answer-text';
import { withDeltaCloses } from '#server/quotes/delta-closes';
import { answerFor, validatorOf } from '#server/quotes/quote-revision';

function series(count: number, last = 100 + count - 1): QuoteColumnsEntry {
  const days = Array.from({ length: count }, (_, k) => 20_000 + k);
  return {
    symbol: 'MSFT',
    meta: { currency: 'USD', exchangeTimezoneName: 'America/New_York', dataSource: 'files' },
    days,
    closes: days.map((_, k) => (k === count - 1 ? last : 100 + k + 0.25)),
    dividends: { days: [20_010], amounts: [0.5] },
    splits: { days: [], numerators: [], denominators: [] },
  };
}

it('writes what the route would send, keeping a whole series text per entry and encoding', () => {
  const entry = series(400);
  for (const deltas of [false, true]) {
    const whole = answerText(entry, undefined, deltas);
    const expected = deltas ? withDeltaCloses(answerFor(entry, undefined)) : answerFor(entry, undefined);
    expect(JSON.parse(whole)).toEqual(expected);
    expect(whole).toBe(JSON.stringify(expected));
    expect(answerText(entry, undefined, deltas)).toBe(whole);
  }
  expect(answerText(entry, undefined, true)).not.toBe(answerText(entry, undefined, false));

  // Against what the client holds: "unchanged", and a tail after a new last close; an error as it is.
  expect(answerText(entry, validatorOf(entry), true)).toBe('{"symbol":"MSFT","unchanged":true}');
  const corrected = series(400, 7);
  const tail = JSON.parse(answerText(corrected, validatorOf(entry), false)) as { after?: number; closes: number[] };
  expect(tail.after).toBeDefined();
  expect(tail.closes.at(-1)).toBe(7);
  expect(JSON.parse(answerText(corrected, undefined, false))).toEqual(answerFor(corrected, undefined));
  expect(answerText({ symbol: 'X', error: 'no data' }, undefined, true)).toBe('{"symbol":"X","error":"no data"}');
});

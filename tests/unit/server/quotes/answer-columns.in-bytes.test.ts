/**
 * A quotes answer in bytes (src/model/quote-columns-binary.ts, server/quotes/answer-columns.ts): the
 * worker reads from it the entries of the JSON answer, days and closes bit for bit, whatever the closes'
 * magnitude and sign, at a scale, as float32s, or as float64s where the deltas would not fit the varints;
 * a whole series' bytes are kept per entry object, "unchanged", a tail and an error are written each time.
 */
import { describe, expect, it } from 'vitest';
import type { QuoteColumnsEntry, QuoteEntry, QuoteTailEntry, QuoteTypedEntry } from '#src/model/quotes';
import { ColumnsReader, MAX_VARINT_VALUE, quoteColumnsAnswer, seriesColumns } from '#src/model/quote-columns-binary';
import { answerColumns } from '#server/quotes/answer-columns';
import { answerFor, validatorOf } from '#server/quotes/quote-revision';
import { readQuoteColumns } from '#src/worker/services/quotes-api';

const bits = (values: ArrayLike<number>) => [...new BigUint64Array(Float64Array.from(values).buffer)];

function series(closes: number[], symbol = 'MSFT'): QuoteColumnsEntry {
  const days = closes.map((_, k) => 20_000 + k + 2 * Math.floor(k / 5));
  return {
    symbol,
    meta: { currency: 'USD', exchangeTimezoneName: 'America/New_York', dataSource: 'files' },
    days,
    closes,
    dividends: { days: [20_010], amounts: [0.5] },
    splits: { days: [20_011], numerators: [4], denominators: [1] },
  };
}

/** What the worker reads of the route's answer for `entries` to a client holding nothing. */
function read(entries: QuoteEntry[], held?: string) {
  const answered = entries.map((entry) => answerColumns(entry, held));
  const header = `[${answered.map((one) => one.head).join(',')}]`;
  return readQuoteColumns(
    quoteColumnsAnswer(
      header,
      answered.flatMap((one) => (one.columns ? [one.columns] : [])),
    ),
  );
}

describe('the quotes answer in bytes', () => {
  it('reads back every zigzag varint up to ±2^52, one byte to eight', () => {
    const values = [0, 1, -1, 63, -64, 64, -65, 127, 128, 2 ** 31 - 1, -(2 ** 31), 2 ** 31 + 5, -(2 ** 40) - 3];
    values.push(MAX_VARINT_VALUE, -MAX_VARINT_VALUE, MAX_VARINT_VALUE - 1);
    const bytes = seriesColumns([0, 1], values, true)!;
    // Two days of one byte each; then the closes' deltas: bytes grow with the magnitude.
    expect(bytes.length).toBeGreaterThan(values.length + 2);
    const reader = new ColumnsReader(bytes, 0);
    expect([...reader.days(2)]).toEqual([0, 1]);
    let running = 0;
    const expected = values.map((delta) => (running += delta));
    // At scale 0, not float32: the running integers themselves.
    expect(bits(reader.closes(values.length, 0, false))).toEqual(bits(expected));
    reader.end();
    expect(seriesColumns([0], [MAX_VARINT_VALUE + 2], true)).toBeNull();
  });

  it('carries the JSON answer’s entries, closes bit for bit: decimals, float32s, and wide ones as float64s', () => {
    const decimals = series([243.7, 242.2, 242.24, 0.01, 1e5 + 0.07, 3, 2.5]);
    const float32 = series([239.65, 241.1, 0.3].map(Math.fround), 'F32');
    // At scale 1, round(c·10) is beyond 2^52 (a safe integer still): the closes travel as float64s.
    const wide = series([5e14 + 0.5, 5e14 - 0.5, 4.9e14], 'WIDE');
    const irrational = series([Math.PI, Math.E, 1 / 3], 'PLAIN');
    const entries: QuoteEntry[] = [decimals, float32, wide, irrational, { symbol: 'X', error: 'No data' }];
    const answer = read(entries);
    expect(answer.map((entry) => entry.symbol)).toEqual(['MSFT', 'F32', 'WIDE', 'PLAIN', 'X']);
    entries.forEach((entry, k) => {
      const got = answer[k]!;
      if ('error' in entry) return expect(got).toEqual(entry);
      const { days, closes, ...rest } = got as QuoteTypedEntry;
      expect([...days]).toEqual(entry.days);
      expect(bits(closes), entry.symbol).toEqual(bits(entry.closes));
      expect(rest).toEqual({ ...entry, days: undefined, closes: undefined, validator: validatorOf(entry) });
    });
    expect(JSON.parse(answerColumns(float32, undefined).head)).toMatchObject({ closesScale: 2, closesFloat32: true });
    expect(JSON.parse(answerColumns(wide, undefined).head)).not.toHaveProperty('closesScale');
  });

  it('keeps a whole series’ bytes per entry; writes "unchanged", a tail and an error each time', () => {
    const entry = series(Array.from({ length: 400 }, (_, k) => 100 + k + 0.25));
    const whole = answerColumns(entry, undefined);
    expect(answerColumns(entry, undefined)).toBe(whole);
    expect(answerColumns(entry, validatorOf(entry))).toEqual({
      head: '{"symbol":"MSFT","unchanged":true}',
      columns: null,
    });
    const corrected = series([...entry.closes.slice(0, -1), 7]);
    const [tail] = read([corrected], validatorOf(entry)) as QuoteTypedEntry[];
    const expected = answerFor(corrected, validatorOf(entry)) as QuoteTailEntry;
    expect(tail!.after).toBe(expected.after);
    expect([...tail!.closes]).toEqual(expected.closes);
    expect(answerColumns(corrected, undefined)).not.toBe(whole);
  });
});

/**
 * The hand-written splitter (`split-records.ts`) gives the records papaparse gives, whatever the text and
 * however it is cut into chunks: fields, first line, line count and raw text of every record. Text it does not
 * take (quotes inside bare fields, text after a closing quote, unterminated quotes, mixed line breaks) goes to
 * papaparse, so the comparison is over any text of a CSV's characters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordReader, type RawRecord } from '#src/worker/import/records';
import { splitRecords } from '#src/worker/import/split-records';
import { generateExport } from '#helpers/import/export-generator';
import { fixtureText } from '#helpers/import/degiro-files';

/** Every record of `text` fed in the chunks `cuts` makes, by a reader splitting by hand or through papaparse only. */
function recordsOf(text: string, cuts: readonly number[], delimiter: string, handSplit: boolean): RawRecord[] {
  const reader = new RecordReader(delimiter, handSplit);
  const records: RawRecord[] = [];
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const end = Math.min(text.length, cut);
    if (end <= at) continue;
    records.push(...reader.push(text.slice(at, end), false));
    at = end;
  }
  records.push(...reader.push(text.slice(at), true));
  return records;
}

function expectSameRecords(text: string, cuts: readonly number[], delimiter = ','): void {
  expect(recordsOf(text, cuts, delimiter, true)).toEqual(recordsOf(text, cuts, delimiter, false));
}

/** A field as a CSV may hold it: bare, quoted (with doubled quotes and line breaks), or odd. */
const field = fc.oneof(
  fc.stringMatching(/^[a-z0-9 ,.\-@]{0,6}$/).map((s) => s.replaceAll(',', '')),
  fc.stringMatching(/^[a-z0-9 ,;.\-@\n]{0,8}$/).map((s) => `"${s}"`),
  fc.stringMatching(/^[a-z0-9 ,"\n]{0,6}$/).map((s) => `"${s.replaceAll('"', '""')}"`),
  fc.stringMatching(/^[a-z"\r\n ,;]{0,5}$/),
);

const csv = (newline: string) =>
  fc
    .array(fc.array(field, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 })
    .chain((rows) =>
      fc.tuple(
        fc.constant(rows.map((row) => row.join(',')).join(newline)),
        fc.boolean(),
        fc.array(fc.nat(200), { maxLength: 6 }),
      ),
    )
    .map(([text, trailing, cuts]) => ({ text: trailing ? text + newline : text, cuts }));

describe('the hand-written CSV splitter', () => {
  it('gives papaparse records for any text with \\n breaks, in any chunks', () => {
    fc.assert(
      fc.property(csv('\n'), ({ text, cuts }) => expectSameRecords(text, cuts)),
      { numRuns: 3000 },
    );
  });

  it('gives papaparse records for any text with \\r\\n breaks, in any chunks', () => {
    fc.assert(
      fc.property(csv('\r\n'), ({ text, cuts }) => expectSameRecords(text, cuts)),
      { numRuns: 2000 },
    );
  });

  it('gives papaparse records for any string of a CSV characters, and with ; as delimiter', () => {
    const text = fc.stringMatching(/^[a;,"\r\n ]{0,40}$/);
    fc.assert(
      fc.property(text, fc.array(fc.nat(45), { maxLength: 4 }), (t, cuts) => {
        expectSameRecords(t, cuts);
        expectSameRecords(t, cuts, ';');
      }),
      { numRuns: 3000 },
    );
  });

  it('takes DEGIRO statements itself (no papaparse), with the same records', () => {
    for (const text of [
      generateExport(3000, 5, 'nl').text,
      generateExport(3000, 6, 'en').text,
      fixtureText('nl-example.csv'),
    ]) {
      const body = text.slice(0, text.length - 1);
      expect(splitRecords(body, ',', false, 1, true)).not.toBeNull();
      expectSameRecords(text, [1000, 77_777, 150_000]);
      expectSameRecords(text.replaceAll('\n', '\r\n'), [5000, 5001, 90_000]);
    }
  });

  it('splits quoted commas, doubled quotes and line breaks inside quotes', () => {
    const text = 'a,"b,c","say ""hi""","two\nlines"\n"",x\n';
    expect(splitRecords(text.slice(0, -1), ',', false, 1, true)?.records).toEqual([
      {
        fields: ['a', 'b,c', 'say "hi"', 'two\nlines'],
        line: 1,
        lineCount: 2,
        text: 'a,"b,c","say ""hi""","two\nlines"',
      },
      { fields: ['', 'x'], line: 3, lineCount: 1, text: '"",x' },
    ]);
    expectSameRecords(text, [8, 20, 30]);
  });
});

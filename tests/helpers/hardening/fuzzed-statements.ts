/**
 * fast-check arbitraries for files a user might upload as a DEGIRO statement: random bytes, random
 * unicode text, the real fixtures of `tests/fixtures/degiro/` cut at any byte (mid UTF-8 sequence
 * included) or with bytes flipped, inserted and deleted, and statement-shaped CSV whose cells are
 * replaced by hostile values (impossible dates, years 0001 and 9999, 1e400, thirty-digit amounts,
 * control characters, formulas, quotes that never close).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { PROJECT_ROOT } from '../test-server';

const FIXTURES_DIR = path.join(PROJECT_ROOT, 'tests/fixtures/degiro');

export const FIXTURES: ReadonlyArray<{ name: string; bytes: Uint8Array }> = fs
  .readdirSync(FIXTURES_DIR)
  .filter((name) => /\.(csv|txt)$/.test(name))
  .sort()
  .map((name) => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(FIXTURES_DIR, name))) }));

export interface FuzzedFile {
  how: string;
  bytes: Uint8Array;
}

const encoder = new TextEncoder();

const randomBytes = fc.uint8Array({ maxLength: 4096 }).map((bytes) => ({ how: `${bytes.length} random bytes`, bytes }));

const randomText = fc
  .string({ unit: 'grapheme', maxLength: 2000 })
  .map((text) => ({ how: `${text.length} random characters`, bytes: encoder.encode(text) }));

const fixture = fc.constantFrom(...FIXTURES);

const truncatedFixture = fixture.chain(({ name, bytes }) =>
  fc.nat({ max: bytes.length }).map((at) => ({ how: `${name} cut after byte ${at}`, bytes: bytes.slice(0, at) })),
);

type Mutation = { kind: 'flip' | 'insert' | 'delete'; at: number; byte: number };

const mutatedFixture = fixture.chain(({ name, bytes }) =>
  fc
    .array(
      fc.record({
        kind: fc.constantFrom<Mutation['kind']>('flip', 'insert', 'delete'),
        at: fc.nat({ max: bytes.length }),
        byte: fc.integer({ min: 0, max: 255 }),
      }),
      { minLength: 1, maxLength: 30 },
    )
    .map((mutations) => {
      const out = [...bytes];
      for (const { kind, at, byte } of mutations) {
        const index = Math.min(at, out.length);
        if (kind === 'insert') out.splice(index, 0, byte);
        else if (index < out.length) {
          if (kind === 'flip') out[index] = byte;
          else out.splice(index, 1);
        }
      }
      return { how: `${name} with ${mutations.length} byte mutations`, bytes: Uint8Array.from(out) };
    }),
);

/** Values a hostile or broken statement may hold in any cell. */
const HOSTILE_CELLS = [
  '',
  ' ',
  '"',
  '""',
  '"unclosed',
  '29-02-2023',
  '31-04-2024',
  '00-00-0000',
  '01-01-0001',
  '31-12-9999',
  '2024-01-02',
  '1e400',
  '-1e400',
  '"1e400"',
  '"-1.000.000.000.000.000,00"',
  '123456789012345678901234567890',
  'NaN',
  'Infinity',
  '-0',
  '"0,00"',
  '=HYPERLINK("http://evil.example")',
  '+cmd|/C calc!A0',
  '\u0000',
  '\u202e',
  '\ud83d\udcc8',
  'Koop 1e400 @ 1e400 EUR',
  'Koop 99999999999999999999 @ 0,01 USD',
  'Verkoop -5 @ NaN EUR',
  'Dividend',
  'Dividendbelasting',
  'Valuta Creditering',
  'USD',
  'JPY',
  'XXX',
  'IE00B3RBWM25',
  'US0378331005',
  ',,,,,,,,,,,',
];

const HEADER = 'Datum,Tijd,Valutadatum,Product,ISIN,Omschrijving,FX,Mutatie,,Saldo,,Order Id';

/** Real rows of the fixtures, split into cells (naively: good enough to recombine). */
const FIXTURE_ROWS: string[][] = FIXTURES.filter(({ name }) => name.endsWith('.csv')).flatMap(({ bytes }) =>
  new TextDecoder()
    .decode(bytes)
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split(',')),
);

const hostileStatement = fc
  .array(
    fc.tuple(
      fc.constantFrom(...FIXTURE_ROWS),
      fc.array(fc.tuple(fc.nat({ max: 12 }), fc.constantFrom(...HOSTILE_CELLS)), { maxLength: 4 }),
    ),
    { minLength: 1, maxLength: 40 },
  )
  .map((rows) => {
    const lines = rows.map(([cells, replacements]) => {
      const out = [...cells];
      for (const [index, value] of replacements) out[Math.min(index, out.length)] = value;
      return out.join(',');
    });
    return {
      how: `a statement of ${lines.length} rows with hostile cells`,
      bytes: encoder.encode([HEADER, ...lines].join('\n')),
    };
  });

export const fuzzedStatementFile: fc.Arbitrary<FuzzedFile> = fc.oneof(
  { weight: 1, arbitrary: randomBytes },
  { weight: 1, arbitrary: randomText },
  { weight: 2, arbitrary: truncatedFixture },
  { weight: 2, arbitrary: mutatedFixture },
  { weight: 3, arbitrary: hostileStatement },
);

/**
 * Fuzzed uploads through the worker's import session, run in Node (the same code the worker runs):
 * random bytes, random text, the real DEGIRO fixtures cut at any byte or mutated, and statement-shaped
 * files with hostile cells. The parser never throws and always answers with an error or rows and
 * skipped rows with reasons; whatever it imports the server's schema accepts too (an import that
 * built a set the save refuses would fail whole: impossible dates and amounts did, until b70e059).
 * Fuzzed add-form drafts: the form's check never throws, names a field for every refusal, and every
 * draft it accepts the server accepts too.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { validateDraft, type TransactionDraft } from '#src/machines/transaction-draft';
import { emptyTransactionSet, type Transaction, type TransactionSet } from '#src/model/transaction';
import { validateTransactionsBody } from '#src/model/transaction-schema';
import { SKIP_REASONS } from '#src/worker/import';
import { ImportSession } from '#src/worker/import-session';
import { FIXTURES, fuzzedStatementFile, type FuzzedFile } from '#helpers/hardening/fuzzed-statements';
import { recordTally } from '#helpers/hardening/tally';

/** Fixed seeds: a failure names its case and replays the same way. */
const FILE_RUNS = Number(process.env.HARDENING_FUZZ_RUNS ?? 400);
const DRAFT_RUNS = Number(process.env.HARDENING_FUZZ_RUNS ?? 400) * 5;

const existing: TransactionSet = {
  ...emptyTransactionSet(),
  stock: [{ ticker: 'VWCE.DE', type: 'stock', date: '2023-05-02', amount: 3, value: 300, currency: 'EUR' }],
};
const tally = { files: 0, filesHeld: 0, imports: 0, importsAccepted: 0, drafts: 0, draftsHeld: 0 };
/** Imports whose merged set the server's schema refuses: file, and the first issues. */
const refusedImports: Array<{ how: string; issues: unknown }> = [];

afterAll(() => {
  recordTally({
    section: 'bad input',
    check: `fuzzed uploads (random bytes and text, ${FIXTURES.length} fixtures cut or mutated, hostile cells) → no throw; an error message, or rows and skipped rows with reasons`,
    tried: tally.files,
    held: tally.filesHeld,
  });
  recordTally({
    section: 'bad input',
    check: 'fuzzed uploads that import rows → a set the server accepts',
    tried: tally.imports,
    held: tally.importsAccepted,
  });
  recordTally({
    section: 'bad input',
    check:
      'fuzzed add-form drafts → no throw, every refusal names a field, every accepted draft passes the server schema',
    tried: tally.drafts,
    held: tally.draftsHeld,
  });
});

async function importThroughSession(file: FuzzedFile): Promise<void> {
  const session = new ImportSession();
  const progress: number[] = [];
  const preview = await session.parse(
    1,
    new Blob([new Uint8Array(file.bytes)]),
    () => existing,
    (p) => progress.push(p.bytes),
  );
  if (preview === null) throw new Error(`${file.how}: the only parse was dropped as overtaken`);
  if (preview.error !== null) {
    expect(preview.error, file.how).toMatch(/\S/);
    expect(preview.newTransactions, file.how).toBe(0);
    return;
  }
  for (const group of preview.skipped) expect(SKIP_REASONS as readonly string[], file.how).toContain(group.reason);
  for (const line of preview.unrecognised) expect(line.line, file.how).toBeGreaterThan(1);
  // The user picks a ticker for every product, then confirms.
  const tickers = Object.fromEntries(preview.products.map((product) => [product.key, 'FUZZ.DE']));
  const merge = await session.merge(existing, tickers);
  if (preview.newTransactions === 0) return;
  expect(merge.added + merge.unresolvedProducts.length, `${file.how}: rows to import, none merged`).toBeGreaterThan(0);
  tally.imports += 1;
  const validation = validateTransactionsBody({ transactions: merge.merged });
  if (validation.ok) tally.importsAccepted += 1;
  else refusedImports.push({ how: file.how, issues: validation.issues.slice(0, 3) });
}

describe('the import session (worker code, in Node)', () => {
  it('survives every real fixture cut at every 97th byte', async () => {
    for (const { name, bytes } of FIXTURES) {
      for (let at = 0; at <= bytes.length; at += 97) {
        tally.files += 1;
        await importThroughSession({ how: `${name} cut after byte ${at}`, bytes: bytes.slice(0, at) });
        tally.filesHeld += 1;
      }
    }
  });

  it(`survives ${FILE_RUNS} fuzzed files`, async () => {
    await fc.assert(
      fc.asyncProperty(fuzzedStatementFile, async (file) => {
        tally.files += 1;
        await importThroughSession(file);
        tally.filesHeld += 1;
      }),
      { numRuns: FILE_RUNS, seed: 9_001, endOnFailure: true },
    );
  });

  it('builds only sets the server accepts', () => {
    expect(tally.imports).toBeGreaterThan(100);
    expect(refusedImports.slice(0, 3)).toEqual([]);
  });
});

const HOSTILE_TEXT = [
  '',
  ' ',
  '1e400',
  '-1e400',
  '1e12',
  '1000000000001',
  '-1000000000001',
  '0x10',
  '1,5',
  '1.234,5',
  ' 3 ',
  'NaN',
  'Infinity',
  '-0',
  '١٢٣',
  '\u0000',
  '3\n',
];

const draft: fc.Arbitrary<TransactionDraft> = fc.record({
  type: fc.constantFrom('stock', 'dividend', 'commission'),
  ticker: fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 24 }),
    fc.stringMatching(/^[A-Za-z0-9^][A-Za-z0-9.\-=^]{0,22}$/),
  ),
  date: fc.oneof(
    fc.string({ maxLength: 12 }),
    fc
      .record({
        year: fc.integer({ min: 0, max: 9999 }),
        month: fc.integer({ min: 0, max: 13 }),
        day: fc.integer({ min: 0, max: 32 }),
      })
      .map(
        ({ year, month, day }) =>
          `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      ),
  ),
  amount: fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.double().map(String), fc.string({ maxLength: 10 })),
  value: fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.double().map(String), fc.string({ maxLength: 10 })),
  currency: fc.constantFrom('EUR', 'USD', 'GBP', 'jpy', 'XYZ', 'GBp', ''),
  tax: fc.oneof(fc.constantFrom(...HOSTILE_TEXT, '-0.01'), fc.double().map(String), fc.string({ maxLength: 10 })),
});

describe('the add form', () => {
  it(`checks ${DRAFT_RUNS} fuzzed drafts, read in Dutch, US or UK notation, by the server's rules`, () => {
    fc.assert(
      fc.property(draft, fc.constantFrom('nl-NL', 'en-US', 'en-GB'), (typed, locale) => {
        tally.drafts += 1;
        const result = validateDraft(typed, locale);
        if (result.ok) {
          const transaction: Transaction = result.transaction;
          const set = { ...emptyTransactionSet(), [transaction.type]: [transaction] };
          const validation = validateTransactionsBody({ transactions: set });
          expect(validation.ok ? [] : validation.issues, JSON.stringify(typed)).toEqual([]);
        } else {
          const messages = Object.values(result.errors);
          expect(messages.length, JSON.stringify(typed)).toBeGreaterThan(0);
          for (const message of messages) expect(message, JSON.stringify(typed)).toMatch(/\S/);
        }
        tally.draftsHeld += 1;
      }),
      { numRuns: DRAFT_RUNS, seed: 9_002, endOnFailure: true },
    );
  });

  it('refuses the values the server would refuse, naming the field', () => {
    const base: TransactionDraft = {
      type: 'stock',
      ticker: 'VWCE.DE',
      date: '2023-05-02',
      amount: '3',
      value: '300',
      currency: 'EUR',
      tax: '',
    };
    const refused = (change: Partial<TransactionDraft>) => {
      const result = validateDraft({ ...base, ...change }, 'en-US');
      return result.ok ? {} : result.errors;
    };
    expect(refused({ date: '1899-12-31' })).toHaveProperty('date');
    expect(refused({ date: '2101-01-01' })).toHaveProperty('date');
    expect(refused({ value: '1e13' })).toHaveProperty('value');
    expect(refused({ amount: '-1000000000001' })).toHaveProperty('amount');
    expect(refused({ type: 'dividend', tax: '-0.01' })).toHaveProperty('tax');
    expect(refused({ type: 'dividend', tax: '1e13' })).toHaveProperty('tax');
    expect(refused({ type: 'dividend', tax: 'x' })).toHaveProperty('tax');
    expect(validateDraft(base, 'en-US').ok).toBe(true);
    // Empty is no tax recorded; a trade ignores the field (the form shows it for dividends only).
    const dividend = validateDraft({ ...base, type: 'dividend', tax: '' }, 'en-US');
    expect(dividend.ok && 'tax' in dividend.transaction).toBe(false);
    const taxed = validateDraft({ ...base, type: 'dividend', tax: '0,66' }, 'nl-NL');
    expect(taxed.ok && taxed.transaction.tax).toBe(0.66);
    const trade = validateDraft({ ...base, tax: '0.66' }, 'en-US');
    expect(trade.ok && 'tax' in trade.transaction).toBe(false);
  });
});

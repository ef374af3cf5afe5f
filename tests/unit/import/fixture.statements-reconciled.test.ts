/**
 * Every DEGIRO account statement in tests/fixtures, imported: every line accounted for, and per currency of
 * its balance column either reconciled to the cent or the first day, line and difference named. The
 * difference is checked against the statement's own arithmetic (read here from its cells, not from the
 * importer): on the named day, the end balance minus the previous day's and the day's mutations, plus the
 * mutations of the day's lines the import did not book.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { parseDegiroExport, type DegiroImport, type Reconciliation } from '#src/worker/import';
import { expectEveryLineOnce, fixtureText, importFixture } from '#helpers/import/degiro-files';

interface StatementLine {
  line: number;
  day: string;
  time: string;
  /** The mutation, in `currency`; null for a line without one. */
  mutation: number | null;
  currency: string;
  balance: number;
  balanceCurrency: string;
}

function numberOf(text: string): number {
  const t = text.trim();
  return Number(t.includes(',') ? t.replaceAll('.', '').replace(',', '.') : t);
}

/** The statement's lines with a balance, as its cells say (DEGIRO's Account.csv layout). */
function statementLines(text: string): StatementLine[] {
  const records = Papa.parse<string[]>(text.trimEnd(), { delimiter: ',' }).data;
  return records.slice(1).flatMap((cells, i) => {
    const [date = '', time = '', , , , , , currency = '', amount = '', balanceCurrency = '', balance = ''] = cells;
    if (!/^\d\d-\d\d-\d{4}$/.test(date) || balance.trim() === '') return [];
    const day = `${date.slice(6)}-${date.slice(3, 5)}-${date.slice(0, 2)}`;
    return [
      {
        line: i + 2,
        day,
        time,
        mutation: amount.trim() === '' ? null : numberOf(amount),
        currency,
        balance: numberOf(balance),
        balanceCurrency,
      },
    ];
  });
}

/** Chronological: by day and time; within a minute the file's order, newest first. */
const chronological = (a: StatementLine, b: StatementLine) =>
  a.day < b.day ? -1 : a.day > b.day ? 1 : a.time < b.time ? -1 : a.time > b.time ? 1 : b.line - a.line;

/** The reported day of `check` as the statement's own cells tell it. */
function dayOf(text: string, result: DegiroImport, check: Reconciliation) {
  const lines = statementLines(text)
    .filter((l) => l.balanceCurrency === check.currency)
    .sort(chronological);
  const before = lines.filter((l) => l.day < check.day!);
  const today = lines.filter((l) => l.day === check.day);
  const start = before.length > 0 ? before[before.length - 1]!.balance : check.openingCents / 100;
  const booked = new Set([
    ...[...result.transactions.stock, ...result.transactions.dividend, ...result.transactions.commission].flatMap(
      (t) => t.lines,
    ),
    ...result.transactions.cash.flatMap((c) => c.lines),
  ]);
  const internal = new Set(
    result.skipped
      .filter((s) => ['cash sweep', 'money-market fund', 'reservation'].includes(s.reason))
      .map((s) => s.line),
  );
  const moved = today.reduce((sum, l) => sum + (l.mutation ?? 0), 0);
  const unbooked = today.reduce(
    (sum, l) => sum + (l.mutation !== null && !booked.has(l.line) && !internal.has(l.line) ? l.mutation : 0),
    0,
  );
  const end = today[today.length - 1]!.balance;
  return {
    /** Its end balance minus the day before's and the day's mutations, plus the unbooked ones. */
    expectedDifference: Math.round((end - start - moved + unbooked) * 100),
    /** How far its own balance strays from the day before's plus the day's mutations (0: it adds up). */
    ownGap: Math.round((end - start - moved) * 100),
  };
}

/**
 * Why a currency's check is off: the statement's own balances do not add up on the named day (a file put
 * together from several statements' lines, a balance that skips), or they do and a line the import could
 * not book is the difference (its reason on the check).
 */
type Off = { line: number; why: 'its own balances' | 'a line not booked' };

/** Each statement's check, by currency: `reconciled`, or the line it names and why. */
const STATEMENTS: Array<{ file: string; expected: Record<string, 'reconciled' | Off> }> = [
  { file: 'nl-flatex-cash.csv', expected: { EUR: 'reconciled', USD: 'reconciled' } },
  { file: 'nl-40-products.csv', expected: { EUR: 'reconciled' } },
  { file: 'nl-second-account.csv', expected: { EUR: 'reconciled', USD: 'reconciled' } },
  // Its six "Koop" lines without a share count are not booked (see the two tests below).
  {
    file: 'real-account-40/Account.csv',
    expected: { EUR: { line: 613, why: 'a line not booked' }, USD: 'reconciled' },
  },
  // Line 7's balance minus its mutation is 0,30 below the day before's end: the sample skips a cost.
  { file: 'nl-example.csv', expected: { EUR: { line: 7, why: 'its own balances' }, USD: 'reconciled' } },
  // Lines gathered from many statements: their balances do not chain; its GBP sell, kept in GBP (issue 34), reconciles.
  {
    file: 'nl-mixed-languages.csv',
    expected: {
      EUR: { line: 71, why: 'its own balances' },
      GBP: 'reconciled',
      JPY: { line: 66, why: 'its own balances' },
      USD: { line: 29, why: 'its own balances' },
    },
  },
  // Made-up balances of a number-format test: a buy of 1.234,00 leaves a balance of 1.234,00.
  { file: 'nl-thousands-separators.csv', expected: { EUR: { line: 3, why: 'its own balances' } } },
];

describe('each DEGIRO statement of tests/fixtures, reconciled or named', () => {
  for (const { file, expected } of STATEMENTS) {
    it(`${file}: every line accounted for; ${Object.entries(expected)
      .map(([c, s]) => (s === 'reconciled' ? `${c} reconciled` : `${c} off at line ${s.line}: ${s.why}`))
      .join(', ')}`, async () => {
      const text = fixtureText(file);
      const result = await importFixture(file);
      expectEveryLineOnce(result, text);
      expect(
        Object.fromEntries(result.reconciliation.map((r) => [r.currency, r.status === 'off' ? 'off' : r.status])),
      ).toEqual(Object.fromEntries(Object.entries(expected).map(([c, s]) => [c, s === 'reconciled' ? s : 'off'])));
      const lines = statementLines(text);
      for (const check of result.reconciliation) {
        const ofCurrency = lines.filter((l) => l.balanceCurrency === check.currency).sort(chronological);
        const first = ofCurrency[0]!;
        // The opening balance is the one before the statement's first line.
        if (first.mutation !== null && first.currency === check.currency)
          expect(check.openingCents).toBe(Math.round((first.balance - first.mutation) * 100));
        expect(check.startsMidway).toBe(check.openingCents !== 0);
        expect(check.days).toBe(new Set(ofCurrency.map((l) => l.day)).size);
        if (check.status === 'reconciled') continue;
        const named = lines.find((l) => l.line === check.line)!;
        expect(named.day).toBe(check.day);
        const day = dayOf(text, result, check);
        expect(check.differenceCents).toBe(day.expectedDifference);
        expect(check.differenceCents).not.toBe(0);
        const why = [...result.unrecognised, ...result.skipped].find((u) => u.line === check.line)?.reason;
        expect(check.reason).toBe(why);
        const off = expected[check.currency] as Off;
        expect({ line: check.line, why: day.ownGap !== 0 ? 'its own balances' : 'a line not booked' }).toEqual(off);
        // A line not booked says why it is not.
        if (off.why === 'a line not booked') expect(check.reason).toEqual(expect.any(String));
      }
    });
  }

  it('real-account-40: the EUR check stops at the first "Koop" without shares, by that line\'s own amount', async () => {
    const result = await importFixture('real-account-40/Account.csv');
    const eur = result.reconciliation.find((r) => r.currency === 'EUR')!;
    const first = result.unrecognised
      .map((u) => statementLines(fixtureText('real-account-40/Account.csv')).find((l) => l.line === u.line)!)
      .sort(chronological)[0]!;
    expect(eur).toMatchObject({
      status: 'off',
      line: first.line,
      day: first.day,
      differenceCents: Math.round(first.mutation! * 100),
    });
    expect(eur.reason).toMatch(/^a buy \("Koop"\) without the number of shares/);
  });

  it('real-account-40: nothing else is off; with its "Koop" lines given a share count, every currency reconciles', async () => {
    const text = fixtureText('real-account-40/Account.csv');
    const bare = text.split('\n').filter((line) => line.split(',')[5] === 'Koop');
    expect(bare).toHaveLength(6);
    // One share at the line's own amount: the statement's balances, untouched, then follow from what is booked.
    const priced = text.replace(
      /^(([^,]*,){5})Koop,,EUR,"-([\d,]+)"/gm,
      (_, before: string, _cell: string, amount: string) => `${before}"Koop 1 @ ${amount} EUR",,EUR,"-${amount}"`,
    );
    const result = await parseDegiroExport(new Blob([priced]));
    expect(result.unrecognised).toEqual([]);
    expect(result.reconciliation.map((r) => [r.currency, r.status])).toEqual([
      ['EUR', 'reconciled'],
      ['USD', 'reconciled'],
    ]);
  });
});

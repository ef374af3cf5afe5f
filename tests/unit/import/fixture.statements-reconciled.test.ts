/**
 * Every DEGIRO account statement in tests/fixtures, imported: every line accounted for, and per currency of
 * its balance column either reconciled to the cent or the first day, line and difference named. The
 * difference is checked against the statement's own arithmetic (read here from its cells, not from the
 * importer): on the named day, the end balance minus the previous day's and the day's mutations, plus the
 * mutations of the day's lines the import did not book.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { DegiroImport, Reconciliation } from '#src/worker/import';
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

/** What the statement's own numbers say of the reported day: its end balance minus the day before's and the day's mutations, plus the unbooked ones. */
function expectedDifference(text: string, result: DegiroImport, check: Reconciliation): number {
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
  return Math.round((today[today.length - 1]!.balance - start - moved + unbooked) * 100);
}

/** The statements and what their check says, by currency (`reconciled`, or the reason of the named line). */
const STATEMENTS: Array<{ file: string; expected: Record<string, 'reconciled' | 'off'> }> = [
  { file: 'nl-flatex-cash.csv', expected: { EUR: 'reconciled', USD: 'reconciled' } },
  { file: 'nl-40-products.csv', expected: { EUR: 'reconciled' } },
  { file: 'real-account-40/Account.csv', expected: { EUR: 'off', USD: 'reconciled' } },
  { file: 'nl-example.csv', expected: { EUR: 'off', USD: 'reconciled' } },
  { file: 'nl-mixed-languages.csv', expected: { EUR: 'off', GBP: 'reconciled', JPY: 'off', USD: 'off' } },
  { file: 'nl-thousands-separators.csv', expected: { EUR: 'off' } },
];

describe('each DEGIRO statement of tests/fixtures, reconciled or named', () => {
  for (const { file, expected } of STATEMENTS) {
    it(`${file}: every line accounted for; ${Object.entries(expected)
      .map(([c, s]) => `${c} ${s}`)
      .join(', ')}`, async () => {
      const text = fixtureText(file);
      const result = await importFixture(file);
      expectEveryLineOnce(result, text);
      expect(Object.fromEntries(result.reconciliation.map((r) => [r.currency, r.status]))).toEqual(expected);
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
        expect(check.differenceCents).toBe(expectedDifference(text, result, check));
        expect(check.differenceCents).not.toBe(0);
        const why = [...result.unrecognised, ...result.skipped].find((u) => u.line === check.line)?.reason;
        expect(check.reason).toBe(why);
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
});

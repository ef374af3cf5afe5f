/**
 * The statement's check in the words the import's preview and result show (SEMANTICS.md "Statements
 * reconciled"): reconciled to the cent over its days, or, where the balances do not add up, the first
 * day, the line and the difference with its sign, the reason when the line was not booked, and the
 * balance a statement cut in the middle starts from.
 */
import { currencyProblem } from '#src/worker/import/cash';
import { describe, expect, it } from 'vitest';
import { formatsFor } from '#src/ui/format';
import { reconciliationText } from '#src/ui/transactions/import-reconciliation';

const formats = formatsFor('en');

describe('the statement check in words', () => {
  it('says reconciled to the cent, over how many days', () => {
    expect(
      reconciliationText(
        { currency: 'EUR', status: 'reconciled', startsMidway: false, openingCents: 0, days: 3 },
        formats,
      ),
    ).toBe('EUR: reconciled to the cent over 3 days.');
  });

  it('names the first day and line off and by how much, with the reason the line was not booked', () => {
    const off = {
      currency: 'EUR',
      status: 'off' as const,
      day: '2025-01-03',
      line: 3,
      differenceCents: -100,
      startsMidway: false,
      openingCents: 0,
      days: 3,
    };
    const words = reconciliationText(off, formats);
    expect(words).toMatch(
      /^EUR: not reconciled\. On .*2025.*, line 3, the statement's balance differs from the imported rows' cash by /,
    );
    expect(words).toContain(formats.signedMoney(-1, 'EUR'));
    // The reason the import gives a line it cannot book (cash.ts): any ISO 4217 code is booked, XYZ is none.
    const reason = currencyProblem('deposit', 'XYZ');
    expect(reason).toMatch(/XYZ, which is not an ISO 4217 currency code/);
    const unbooked = reconciliationText({ ...off, reason }, formats);
    expect(unbooked).toContain(`, line 3 (${reason}), the statement`);
  });

  it('says where a statement cut in the middle starts from', () => {
    const words = reconciliationText(
      { currency: 'USD', status: 'reconciled', startsMidway: true, openingCents: 53491, days: 2 },
      formats,
    );
    expect(words).toBe(
      `USD: reconciled to the cent over 2 days. The statement starts midway: the check starts from its first line's balance, ${formats.money(534.91, 'USD')}.`,
    );
  });
});

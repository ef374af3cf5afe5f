import { describe, expect, it } from 'vitest';
import { validateCashDraft, type CashDraft } from '#src/machines/cash-draft';
import { validateDraft, type TransactionDraft } from '#src/machines/transaction-draft';

const base: TransactionDraft = {
  type: 'stock',
  ticker: 'vwce.de',
  date: '02-05-2023',
  amount: '3',
  value: '1.234,56',
  currency: 'EUR',
  tax: '',
};

describe('the add form’s check reads numbers and dates in the user’s locale', () => {
  it('saves Dutch 1.234,56 on 02-05-2023 as 1234.56 on 2023-05-02', () => {
    expect(validateDraft(base, 'nl-NL')).toEqual({
      ok: true,
      transaction: { ticker: 'VWCE.DE', type: 'stock', date: '2023-05-02', amount: 3, value: 1234.56, currency: 'EUR' },
    });
  });

  it('never saves 1,000 as 1: refused in Dutch with both readings, a thousand in English', () => {
    const dutch = validateDraft({ ...base, value: '1,000' }, 'nl-NL');
    expect(dutch.ok).toBe(false);
    if (!dutch.ok) expect(dutch.errors.value).toMatch(/ambiguous.*reads as 1 .*meant as 1000/);
    const english = validateDraft({ ...base, date: '05/02/2023', value: '1,000' }, 'en-US');
    expect(english).toMatchObject({ ok: true, transaction: { value: 1000, date: '2023-05-02' } });
  });

  it('names garbage and dates out of range next to their fields', () => {
    const result = validateDraft({ ...base, amount: 'drie', value: '12 EUR', date: '31-12-1899' }, 'nl-NL');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.amount).toMatch(/^Enter a number of shares\. “drie” is not a number/);
    expect(result.errors.value).toMatch(/Leave out the currency sign/);
    expect(result.errors.date).toMatch(/between 1900 and/);
  });

  it('words the trillion bound in the locale', () => {
    const result = validateDraft({ ...base, value: '2.000.000.000.000' }, 'nl-NL');
    expect(result.ok ? '' : result.errors.value).toBe('Enter at most 1.000.000.000.000 (a trillion) either way.');
  });
});

describe('the tax withheld on a dividend', () => {
  const dividend: TransactionDraft = { ...base, type: 'dividend', value: '3,74', tax: '0,66' };

  it('is read in the locale too, and kept on the dividend', () => {
    const result = validateDraft(dividend, 'nl-NL');
    expect(result.ok && result.transaction).toMatchObject({ type: 'dividend', value: 3.74, tax: 0.66 });
  });

  it('is refused when ambiguous, below 0 or not a number, naming the field', () => {
    const refused = (tax: string, locale: string) => {
      const result = validateDraft({ ...dividend, value: '3', tax }, locale);
      return result.ok ? {} : result.errors;
    };
    expect(refused('1,000', 'nl-NL')).toHaveProperty('tax');
    expect(refused('-0,01', 'nl-NL')).toHaveProperty('tax');
    expect(refused('some', 'en-US')).toHaveProperty('tax');
  });
});

describe('a number with more decimals than Intl formats', () => {
  it('is read, not thrown on (Intl refuses over 20 fraction digits)', () => {
    const result = validateDraft({ ...base, value: '-0.0000017946756660959735' }, 'nl-NL');
    expect(result.ok && result.transaction.value).toBeCloseTo(-0.0000017946756660959735, 20);
  });
});

describe('the currency (issue 34): any ISO 4217 code', () => {
  it.each([
    ['CHF', 'CHF'],
    ['JPY', 'JPY'],
    ['gbp', 'GBP'],
    [' sek ', 'SEK'],
    ['KWD', 'KWD'],
  ])('saves %j as %s', (typed, saved) => {
    const result = validateDraft({ ...base, currency: typed }, 'nl-NL');
    expect(result.ok && result.transaction.currency).toBe(saved);
  });

  it.each(['XYZ', 'GBX', 'EURO', ''])('refuses %j, naming it next to the field', (typed) => {
    const result = validateDraft({ ...base, currency: typed }, 'nl-NL');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.currency).toBe(
      `Choose a currency: ${JSON.stringify(typed)} is not an ISO 4217 currency code (such as EUR, USD, GBP or JPY).`,
    );
  });

  it('refuses a cash row in a code that is not a currency, naming it; takes one in yen', () => {
    const cash: CashDraft = { kind: 'deposit', date: '02-05-2023', value: '100000', currency: 'YEN', account: '' };
    const refused = validateCashDraft(cash, 'nl-NL');
    expect(refused.ok ? '' : refused.errors.currency).toMatch(/^Choose a currency: "YEN" is not an ISO 4217/);
    const saved = validateCashDraft({ ...cash, currency: 'jpy' }, 'nl-NL');
    expect(saved.ok && saved.cash).toMatchObject({ currency: 'JPY', value: 100000 });
  });
});

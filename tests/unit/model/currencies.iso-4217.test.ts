/** The currencies a transaction may be in (issue 34): ISO 4217's active codes with their minor-unit digits. */
import { describe, expect, it } from 'vitest';
import { COMMON_CURRENCIES, CURRENCIES, isCurrency, minorUnitDigits, notACurrency } from '#src/model/currencies';

describe('ISO 4217 currencies', () => {
  it('shows each with its own digits: JPY and KRW none, KWD and BHD three, the euro and the pound two', () => {
    expect(
      ['JPY', 'KRW', 'KWD', 'BHD', 'EUR', 'GBP', 'CHF'].map((code) => [code, minorUnitDigits(code as 'EUR')]),
    ).toEqual([
      ['JPY', 0],
      ['KRW', 0],
      ['KWD', 3],
      ['BHD', 3],
      ['EUR', 2],
      ['GBP', 2],
      ['CHF', 2],
    ]);
  });

  it('lists every active code once, alphabetically, and no fund code, metal, minor unit or withdrawn one', () => {
    expect(CURRENCIES).toEqual([...new Set(CURRENCIES)].sort());
    expect(CURRENCIES.length).toBeGreaterThan(150);
    for (const code of ['USN', 'CHE', 'XAU', 'XDR', 'GBp', 'GBX', 'HRK', 'SLL', 'CNH', 'eur', 'EURO', ''])
      expect(isCurrency(code), code).toBe(false);
  });

  it('offers the twelve common ones first, each a valid code', () => {
    expect(COMMON_CURRENCIES).toEqual([
      'EUR',
      'USD',
      'GBP',
      'CHF',
      'SEK',
      'DKK',
      'NOK',
      'PLN',
      'CAD',
      'JPY',
      'HKD',
      'AUD',
    ]);
    expect(COMMON_CURRENCIES.every(isCurrency)).toBe(true);
  });

  it('names what it refuses', () => {
    expect(notACurrency('XYZ')).toBe('"XYZ" is not an ISO 4217 currency code (such as EUR, USD, GBP or JPY)');
    expect(notACurrency(42)).toBe('42 is not an ISO 4217 currency code (such as EUR, USD, GBP or JPY)');
  });
});

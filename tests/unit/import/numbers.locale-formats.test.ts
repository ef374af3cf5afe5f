/** Numbers as DEGIRO writes them in each locale, and the cent-exact split of a conversion. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateCents, decimalMarkOf, parseLocaleNumber } from '#src/worker/import/numbers';

describe('locale numbers', () => {
  it.each([
    ['-1017,51', ',', -1017.51],
    ['-1017.51', '.', -1017.51],
    ['-463,06', '.', -463.06], // the comma proves itself: two decimals
    ['1.234,00', '.', 1234],
    ['1,094.5', ',', 1094.5],
    ['1 130,13', '.', 1130.13],
    ['1\u00a0046,3825', '.', 1046.3825],
    ["1'185.08", ',', 1185.08],
    ['0,039', '.', 0.039],
    ['-1.2108', ',', -1.2108],
    ['1.234.567', ',', 1234567],
    ['12', ',', 12],
    ['−5,5', '.', -5.5],
    ['', ',', Number.NaN],
    ['abc', ',', Number.NaN],
    ['6 3M', ',', Number.NaN],
  ])('reads %s (ambiguous cases read with %s) as %s', (text, mark, value) => {
    expect(parseLocaleNumber(text, mark as ',' | '.')).toBe(value);
  });

  it('reads a lone separator before three digits with the context mark: 1.234 is 1234 in Dutch, 1.234 in English', () => {
    expect(parseLocaleNumber('1.234', ',')).toBe(1234);
    expect(parseLocaleNumber('1.234', '.')).toBe(1.234);
    expect(parseLocaleNumber('1,234', '.')).toBe(1234);
    expect(parseLocaleNumber('1,234', ',')).toBe(1.234);
    expect(decimalMarkOf('1.234')).toBeNull();
    expect(decimalMarkOf('-1.234,00')).toBe(',');
    expect(decimalMarkOf('0.500')).toBe('.');
  });

  it('reads any amount written with two decimals in either locale exactly as Number() reads it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        const english = (cents / 100).toFixed(2);
        expect(parseLocaleNumber(english, ',')).toBe(Number(english));
        expect(parseLocaleNumber(english.replace('.', ','), '.')).toBe(Number(english));
      }),
    );
  });
});

describe('allocateCents', () => {
  it('splits 1,28 EUR over 0,37 + 0,37 + 0,62 USD as 0,35 + 0,35 + 0,58', () => {
    expect(allocateCents(1.28, [0.37, 0.37, 0.62])).toEqual([0.35, 0.35, 0.58]);
  });

  it('always adds up to the total, to the cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e7, max: 1e7 }),
        fc.array(fc.integer({ min: 1, max: 1e6 }), { minLength: 1, maxLength: 12 }),
        (totalCents, weights) => {
          const parts = allocateCents(totalCents / 100, weights);
          expect(Math.round(parts.reduce((sum, part) => sum + part * 100, 0))).toBe(totalCents);
        },
      ),
    );
  });
});

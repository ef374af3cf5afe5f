/**
 * Money in the base currency (src/ui/format.ts): the base's own sign and digits in the locale's number
 * format (JPY without decimals, KWD with three), the base when no currency is named; and the charts' unit,
 * an ISO code, formatted the same way.
 */
import { describe, expect, it } from 'vitest';
import { formatValue, valueAxis } from '#src/ui/charts/options';
import { formatsFor } from '#src/ui/format';

describe('money in the base currency', () => {
  it('writes the base’s sign and digits in the locale’s marks', () => {
    expect(formatsFor('en-GB', 'GBP').money(1234.5)).toBe('£1,234.50');
    expect(formatsFor('en-GB', 'JPY').money(1234.5)).toBe('¥1,235');
    expect(formatsFor('nl-NL', 'JPY').money(-1234.4)).toMatch(/^¥\s−1\.234$/);
    expect(formatsFor('en-GB', 'KWD').money(1.2345)).toMatch(/1\.235$/);
    expect(formatsFor('nl-NL', 'EUR').money(1234.5)).toMatch(/^€\s1\.234,50$/);
    expect(formatsFor('en-GB').money(1)).toBe('€1.00');
  });

  it('keeps a named currency: a trade in dollars shown in a GBP report', () => {
    const formats = formatsFor('en-GB', 'GBP');
    expect(formats.currency).toBe('GBP');
    expect(formats.money(10, 'USD')).toBe('$10.00');
    expect(formats.signedMoney(-5)).toBe('−£5.00');
    expect(formats.signedMoney(5, 'JPY')).toBe('+¥5');
  });

  it('formats a chart unit that is a code as money in it; a quote in pence after the number', () => {
    const formats = formatsFor('en-GB', 'GBP');
    expect(formatValue(formats, 1234.5, ' GBP')).toBe('£1,234.50');
    expect(formatValue(formats, 1234.5, ' JPY')).toBe('¥1,235');
    expect(formatValue(formats, 1234.5, ' GBp')).toBe('1,234.50 GBp');
    expect(formatValue(formats, 5, ' %')).toBe('5.00 %');
  });

  it('steps a money axis by whole minor units: yen by 1 at least, pounds by 0.01; a percentage as uPlot likes', () => {
    const steps = (currency: string, suffix: string) =>
      valueAxis(formatsFor('en-GB', currency), suffix).incrs as number[] | undefined;
    expect(steps('JPY', ' JPY')!.slice(0, 6)).toEqual([1, 2, 5, 10, 20, 25]);
    expect(steps('GBP', ' GBP')!.slice(0, 6)).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.25]);
    expect(steps('GBP', ' %')).toBeUndefined();
    expect(formatsFor('en-GB', 'JPY').moneyDigits()).toBe(0);
    expect(formatsFor('en-GB', 'JPY').moneyDigits('EUR')).toBe(2);
  });
});

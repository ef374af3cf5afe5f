import { describe, expect, it } from 'vitest';
import { formatNumberForInput, parseLocaleNumber } from '#src/model/locale-number';

/** What a Dutch and an English-speaking investor type, and what each must be read as (null = refused, with the problem). */
const TABLE: Array<{ typed: string; nl: number | 'ambiguous' | 'invalid'; en: number | 'ambiguous' | 'invalid' }> = [
  // The audit's cases: 1,000 was saved as 1.00 EUR; Dutch 1.234,56 was refused while 1234,56 was accepted.
  { typed: '1,000', nl: 'ambiguous', en: 1000 },
  { typed: '1.000', nl: 1000, en: 'ambiguous' },
  { typed: '1.234,56', nl: 1234.56, en: 'invalid' },
  { typed: '1234,56', nl: 1234.56, en: 1234.56 },
  { typed: '1,234.56', nl: 'invalid', en: 1234.56 },
  { typed: '1234.56', nl: 1234.56, en: 1234.56 },
  { typed: '12.500', nl: 12500, en: 'ambiguous' },
  { typed: '12,500', nl: 'ambiguous', en: 12500 },
  { typed: '1.234.567,8', nl: 1234567.8, en: 'invalid' },
  { typed: '1,234,567.8', nl: 'invalid', en: 1234567.8 },
  { typed: '1.234.567', nl: 1234567, en: 'invalid' },
  { typed: '1,234,567', nl: 'invalid', en: 1234567 },
  { typed: '0,125', nl: 0.125, en: 0.125 },
  { typed: '0.125', nl: 0.125, en: 0.125 },
  { typed: '1,5', nl: 1.5, en: 1.5 },
  { typed: '1.5', nl: 1.5, en: 1.5 },
  { typed: '1,2345', nl: 1.2345, en: 1.2345 },
  { typed: '1 234,56', nl: 1234.56, en: 'invalid' },
  { typed: '1\u00a0234.56', nl: 'invalid', en: 1234.56 },
  { typed: '-1.000,50', nl: -1000.5, en: 'invalid' },
  { typed: '\u22123,5', nl: -3.5, en: -3.5 },
  { typed: '+42', nl: 42, en: 42 },
  { typed: '  7  ', nl: 7, en: 7 },
  { typed: '-0', nl: 0, en: 0 },
  // Garbage.
  { typed: 'abc', nl: 'invalid', en: 'invalid' },
  { typed: '1e5', nl: 'invalid', en: 'invalid' },
  { typed: 'NaN', nl: 'invalid', en: 'invalid' },
  { typed: 'Infinity', nl: 'invalid', en: 'invalid' },
  { typed: '0x10', nl: 'invalid', en: 'invalid' },
  { typed: '€ 12', nl: 'invalid', en: 'invalid' },
  { typed: '12 EUR', nl: 'invalid', en: 'invalid' },
  { typed: '1,,2', nl: 'invalid', en: 'invalid' },
  { typed: '5,', nl: 'invalid', en: 'invalid' },
  { typed: '1.23,4', nl: 'invalid', en: 'invalid' },
  { typed: '1.234.56', nl: 'invalid', en: 'invalid' },
  { typed: '--1', nl: 'invalid', en: 'invalid' },
  { typed: '١٢٣', nl: 'invalid', en: 'invalid' },
];

describe('the locale number parser', () => {
  for (const locale of ['nl-NL', 'en-US'] as const) {
    const column = locale === 'nl-NL' ? 'nl' : 'en';
    for (const row of TABLE) {
      const expected = row[column];
      it(`${locale}: “${row.typed}” → ${String(expected)}`, () => {
        const reading = parseLocaleNumber(row.typed, locale);
        if (typeof expected === 'number') {
          expect(reading).toMatchObject({ ok: true, value: expected });
        } else {
          expect(reading).toMatchObject({ ok: false, problem: expected });
          if (!reading.ok) expect(reading.message).toMatch(/\S/);
        }
      });
    }
  }

  it('names both readings of an ambiguous number, in the notation it was read in', () => {
    const nl = parseLocaleNumber('1,000', 'nl-NL');
    expect(nl.ok).toBe(false);
    if (!nl.ok)
      expect(nl.message).toBe(
        '“1,000” is ambiguous: as written it reads as 1 (the comma as the decimal mark in Dutch notation), but it is often meant as 1000. Type 1 or 1000.',
      );
    const en = parseLocaleNumber('1.000', 'en-GB');
    if (!en.ok) expect(en.message).toContain('reads as 1 (the point as the decimal mark in English notation)');
    else expect.fail('1.000 in English must be refused');
  });

  it('says which was read when a mark had to be interpreted', () => {
    expect(parseLocaleNumber('1,000', 'en-US')).toEqual({
      ok: true,
      value: 1000,
      note: 'Read as 1000 (the comma groups thousands in English notation).',
    });
    expect(parseLocaleNumber('1.000', 'nl-NL')).toEqual({
      ok: true,
      value: 1000,
      note: 'Read as 1000 (the point groups thousands in Dutch notation).',
    });
    expect(parseLocaleNumber('1.5', 'nl-NL')).toEqual({
      ok: true,
      value: 1.5,
      note: 'Read as 1,5 (the point taken as the decimal mark).',
    });
    // Written just as the locale writes it: nothing to say.
    expect(parseLocaleNumber('1.234,56', 'nl-NL')).toEqual({ ok: true, value: 1234.56 });
    expect(parseLocaleNumber('12,5', 'nl-NL')).toEqual({ ok: true, value: 12.5 });
  });

  it('suggests the locale’s form for a number in the other notation', () => {
    const reading = parseLocaleNumber('1,234.56', 'nl-NL');
    expect(reading.ok ? '' : reading.message).toContain('Did you mean 1.234,56?');
    const english = parseLocaleNumber('-1.000,5', 'en-US');
    expect(english.ok ? '' : english.message).toContain('Did you mean -1,000.5?');
  });

  it('refuses empty input as empty and asks for a number', () => {
    expect(parseLocaleNumber('   ', 'nl-NL')).toEqual({ ok: false, problem: 'empty', message: 'Enter a number.' });
  });

  it('a stored number put in the edit form reads back as itself, in nl and en, never refused as ambiguous', () => {
    const values = [
      0,
      1,
      -1,
      1.125,
      -1.125,
      12.5,
      1000,
      1234.56,
      1234.567,
      999.999,
      0.1 + 0.2,
      123456789.123,
      -4.5e-7,
      1e12,
      0.000123,
    ];
    for (const locale of ['nl-NL', 'en-US', 'de-DE', 'fr-FR']) {
      for (const value of values) {
        const shown = formatNumberForInput(value, locale);
        const read = parseLocaleNumber(shown, locale);
        expect(read.ok ? read.value : read, `${value} shown as “${shown}” in ${locale}`).toBe(value);
      }
    }
    expect(formatNumberForInput(1.125, 'nl-NL')).toBe('1,1250');
    expect(formatNumberForInput(1234.56, 'nl-NL')).toBe('1.234,56');
    expect(formatNumberForInput(-2.5, 'en-US')).toBe('-2.5');
  });
});

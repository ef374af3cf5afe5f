import { describe, expect, it } from 'vitest';
import { datePattern, formatIsoDate, formatYearMonth, parseLocaleDate, shortMonthName } from '#src/model/locale-date';
import { resolveLocale } from '#src/model/locale';

describe('dates in the locale’s one numeric form', () => {
  it('shows a day as dd-mm-yyyy in Dutch, mm/dd/yyyy in US and dd/mm/yyyy in UK English', () => {
    expect(formatIsoDate('2024-01-31', 'nl-NL')).toBe('31-01-2024');
    expect(formatIsoDate('2024-01-31', 'en-US')).toBe('01/31/2024');
    expect(formatIsoDate('2024-01-31', 'en-GB')).toBe('31/01/2024');
    expect(datePattern('nl-NL').hint).toBe('dd-mm-yyyy');
    expect(datePattern('en-US').hint).toBe('mm/dd/yyyy');
  });

  it('reads the locale’s order back, and ISO in any locale, saying the month by name', () => {
    expect(parseLocaleDate('31-01-2024', 'nl-NL')).toEqual({
      ok: true,
      iso: '2024-01-31',
      note: 'Read as 31 januari 2024.',
    });
    expect(parseLocaleDate('3/4/2024', 'en-US')).toEqual({
      ok: true,
      iso: '2024-03-04',
      note: 'Read as March 4, 2024.',
    });
    expect(parseLocaleDate('3/4/2024', 'en-GB')).toMatchObject({ ok: true, iso: '2024-04-03' });
    expect(parseLocaleDate('2024-05-06', 'nl-NL')).toMatchObject({ ok: true, iso: '2024-05-06' });
    expect(parseLocaleDate('6.5.2024', 'nl-NL')).toMatchObject({ ok: true, iso: '2024-05-06' });
  });

  it('refuses what is not a day, a short year, and an empty field', () => {
    expect(parseLocaleDate('31-02-2024', 'nl-NL')).toMatchObject({ ok: false, problem: 'invalid' });
    expect(parseLocaleDate('01/31/2024', 'nl-NL')).toMatchObject({ ok: false, problem: 'invalid' });
    expect(parseLocaleDate('1-2-24', 'nl-NL')).toEqual({
      ok: false,
      problem: 'invalid',
      message: 'Type the year in full (four digits): dd-mm-yyyy.',
    });
    expect(parseLocaleDate('gisteren', 'nl-NL')).toMatchObject({ ok: false, problem: 'invalid' });
    expect(parseLocaleDate('', 'en-US')).toEqual({
      ok: false,
      problem: 'empty',
      message: 'Enter a date (mm/dd/yyyy).',
    });
  });

  it('names a month in the locale’s words, as the numbers beside it are written', () => {
    expect(formatYearMonth('2026-12', 'nl-NL')).toBe('dec 2026');
    expect(formatYearMonth('2026-03', 'nl-NL')).toBe('mrt 2026');
    expect(formatYearMonth('2026-12', 'en-US')).toBe('Dec 2026');
    expect(formatYearMonth('2026-09', 'en-GB')).toBe('Sept 2026');
    expect(formatYearMonth('2026-05', 'de-DE')).toBe('Mai 2026');
    expect(shortMonthName(3, 'nl-NL')).toBe('mrt');
    expect(shortMonthName(10, 'nl-NL')).toBe('okt');
    expect(shortMonthName(3, 'en-US')).toBe('Mar');
    // What is not a month is shown as it came.
    expect(formatYearMonth('2026-13', 'nl-NL')).toBe('2026-13');
    expect(formatYearMonth('december', 'nl-NL')).toBe('december');
  });

  it('follows the browser unless the user chose a locale', () => {
    expect(resolveLocale('browser', ['nl-NL', 'en'])).toBe('nl-NL');
    expect(resolveLocale('en-GB', ['nl-NL'])).toBe('en-GB');
    expect(resolveLocale(null, [])).toBe('en-US');
    expect(resolveLocale('not a tag!', ['nl'])).toBe('nl');
  });
});

import { describe, expect, it } from 'vitest';
import { epochDayFromIso, isoFromEpochDay } from '../../../src/model';
import { epochDayOfIso } from '../../../src/worker/engine/iso-day';

describe('epochDayOfIso (the engine reads each row date with it)', () => {
  it('gives the epoch day epochDayFromIso gives, for every day of 1899–2101', () => {
    for (let day = epochDayFromIso('1899-01-01'); day <= epochDayFromIso('2101-12-31'); day += 1) {
      const iso = isoFromEpochDay(day);
      expect(epochDayOfIso(iso)).toBe(day);
    }
  });

  it.each([
    '2024-02-30',
    '2023-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '2024-1-01',
    '2024/01/01',
    '２024-01-01',
    '2024-01-01T00:00',
    ' 2024-01-01',
    'abcd-ef-gh',
    '',
  ])('throws the RangeError epochDayFromIso throws for %j', (text) => {
    expect(() => epochDayFromIso(text)).toThrow(RangeError);
    expect(() => epochDayOfIso(text)).toThrow(RangeError);
  });

  it('takes 29 February in a leap year', () => {
    expect(epochDayOfIso('2024-02-29')).toBe(epochDayFromIso('2024-02-29'));
    expect(epochDayOfIso('2000-02-29')).toBe(epochDayFromIso('2000-02-29'));
  });
});

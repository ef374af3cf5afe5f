/**
 * The settings' base currency (src/model/settings.ts): EUR by default and for stored settings older than it;
 * a save checks the code with the list it is given (ISO 4217 on the server and the page), naming a bad one;
 * stored settings are read by the code's shape (the worker's side, without the list).
 */
import { describe, expect, it } from 'vitest';
import { isCurrency } from '#src/model/currencies';
import { checkSettingsUpdate, DEFAULT_SETTINGS, settingsFrom } from '#src/model/settings';

describe('the base currency setting', () => {
  it('is EUR by default, and for stored settings without it or with a damaged one', () => {
    expect(DEFAULT_SETTINGS.baseCurrency).toBe('EUR');
    expect(settingsFrom(null)).toEqual({ benchmark: null, baseCurrency: 'EUR' });
    expect(settingsFrom({ benchmark: 'VWCE.DE' })).toEqual({ benchmark: 'VWCE.DE', baseCurrency: 'EUR' });
    expect(settingsFrom({ benchmark: 'VWCE.DE', baseCurrency: 'GBp' }).baseCurrency).toBe('EUR');
    expect(settingsFrom({ baseCurrency: 7 }).baseCurrency).toBe('EUR');
    expect(settingsFrom({ baseCurrency: 'CHF' })).toEqual({ benchmark: null, baseCurrency: 'CHF' });
  });

  it('takes any ISO 4217 code when saved, and refuses any other, naming it', () => {
    expect(checkSettingsUpdate({ baseCurrency: 'JPY' }, isCurrency)).toEqual({
      ok: true,
      value: { baseCurrency: 'JPY' },
    });
    expect(checkSettingsUpdate({ baseCurrency: ' GBP ', benchmark: 'vwce.de' }, isCurrency)).toEqual({
      ok: true,
      value: { baseCurrency: 'GBP', benchmark: 'VWCE.DE' },
    });
    for (const bad of ['XYZ', 'GBp', 'eur', '', 'EURO']) {
      const checked = checkSettingsUpdate({ baseCurrency: bad }, isCurrency);
      expect(checked).toEqual({
        ok: false,
        message: 'The settings were not saved: see issues.',
        issues: [
          { path: 'baseCurrency', message: expect.stringContaining(`"${bad}" is not an ISO 4217 currency code`) },
        ],
      });
    }
  });

  it('is checked against the list it is given: a code only shaped like one passes the shape, not ISO 4217', () => {
    expect(checkSettingsUpdate({ baseCurrency: 'XYZ' }, (code) => /^[A-Z]{3}$/.test(code)).ok).toBe(true);
    expect(checkSettingsUpdate({ baseCurrency: 'XYZ' }, isCurrency).ok).toBe(false);
  });
});

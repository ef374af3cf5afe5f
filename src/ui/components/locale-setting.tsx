import { useId } from 'react';
import { BROWSER_LOCALE, LOCALE_CHOICES } from '../../model/locale';
import { useLocale } from '../locale-context';

/**
 * 'Regional format': the locale numbers and dates are shown and typed in, the browser's by default.
 * Kept on this device (see locale-context.tsx).
 */
export function LocaleSetting() {
  const { preference, browserLocale, formats, setPreference } = useLocale();
  const id = useId();
  const known = LOCALE_CHOICES.some((choice) => choice.tag === preference);
  return (
    <div className="field locale-setting">
      <label htmlFor={id}>Regional format</label>
      <select
        id={id}
        value={known ? preference : BROWSER_LOCALE}
        onChange={(e) => setPreference(e.target.value)}
        aria-describedby={`${id}-example`}
      >
        <option value={BROWSER_LOCALE}>As the browser ({browserLocale})</option>
        {LOCALE_CHOICES.map((choice) => (
          <option key={choice.tag} value={choice.tag}>
            {choice.label}
          </option>
        ))}
      </select>
      <span id={`${id}-example`} className="field-hint">
        Numbers and dates as: {formats.money(1234.56)} on {formats.date('2024-01-31')}
      </span>
    </div>
  );
}

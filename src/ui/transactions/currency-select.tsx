import { useMemo } from 'react';
import { COMMON_CURRENCIES, CURRENCIES } from '../../model/currencies';

/**
 * The currency of a transaction or cash row: the common ones first (EUR, USD, GBP, CHF, …), then every
 * other ISO 4217 code, each named in the user's language ("Swiss Franc (CHF)").
 */
export function CurrencySelect({
  id,
  value,
  locale,
  onChange,
}: {
  id: string;
  value: string;
  locale: string;
  onChange: (code: string) => void;
}) {
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' });
    const label = (code: string) => {
      const name = names.of(code);
      return name && name !== code ? `${name} (${code})` : code;
    };
    const common = new Set<string>(COMMON_CURRENCIES);
    return {
      common: COMMON_CURRENCIES.map((code) => ({ code, label: label(code) })),
      others: CURRENCIES.filter((code) => !common.has(code)).map((code) => ({ code, label: label(code) })),
    };
  }, [locale]);
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      <optgroup label="Common">
        {options.common.map(({ code, label }) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
      </optgroup>
      <optgroup label="Every currency">
        {options.others.map(({ code, label }) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
      </optgroup>
    </select>
  );
}

import { formatEpochDay, formatIsoDate, formatYearMonth, shortMonthName } from '../model/locale-date';

/**
 * Everything the UI shows a number or a day with, in one locale and one base currency: Intl's marks, the
 * currency's sign and digits (`€`, `£`, `¥` with none), one date form.
 */
export interface Formats {
  locale: string;
  /** The base currency: the ISO 4217 code money is in when no other is named (the user's setting). */
  currency: string;
  /** Exactly two decimals, thousands grouped: `12.345,60` (nl), `12,345.60` (en). */
  number: (value: number) => string;
  /** With its sign spelled out (`+`, `−`), so gains and losses never rely on colour alone. */
  signed: (value: number) => string;
  /**
   * An amount of money with its currency's sign and digits: `€ 12.345,60` (nl), `€12,345.60` (en), `$` for
   * USD, `¥12,346` for JPY; in the base currency unless `currency` names another.
   */
  money: (value: number, currency?: string) => string;
  /** The digits after the decimal point money in `currency` (the base by default) is shown with: 2, 0 for JPY. */
  moneyDigits: (currency?: string) => number;
  /** Money with its sign spelled out. */
  signedMoney: (value: number, currency?: string) => string;
  /** Percent with its sign: `+5,25 %` (nl), `+5.25%` (en); 5 = 5 %. */
  signedPercent: (value: number) => string;
  /** A whole count: `30.000` (nl). */
  count: (value: number) => string;
  /** A number of shares, with as many decimals as it has (up to 6): `12,5` (nl). */
  quantity: (value: number) => string;
  /** A day in the locale's one numeric form, from `YYYY-MM-DD`. */
  date: (iso: string) => string;
  /** The same from an epoch day. */
  epochDay: (epochDay: number) => string;
  /** A month from `YYYY-MM`, its name in the locale's words: `Dec 2026` (en), `dec 2026` (nl). */
  yearMonth: (yearMonth: string) => string;
  /** The short name of month 1–12: `Mar` (en), `mrt` (nl). */
  monthName: (month: number) => string;
}

const noNegativeZero = (value: number): number => (Object.is(value, -0) ? 0 : value);
const MINUS = '\u2212';

function createFormats(locale: string, base: string): Formats {
  const two = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const counts = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const quantities = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });
  const moneyBy = new Map<string, Intl.NumberFormat>();
  const moneyFormat = (currency: string): Intl.NumberFormat => {
    let format = moneyBy.get(currency);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
      });
      moneyBy.set(currency, format);
    }
    return format;
  };
  // Intl writes a hyphen-minus; a real minus sign reads better and is announced as "minus".
  const withMinus = (text: string): string => text.replace('-', MINUS);
  const number = (value: number) => withMinus(two.format(noNegativeZero(value)));
  return {
    locale,
    currency: base,
    number,
    signed: (value) => {
      const text = two.format(Math.abs(value));
      return value > 0 ? `+${text}` : value < 0 ? `${MINUS}${text}` : text;
    },
    money: (value, currency = base) => withMinus(moneyFormat(currency).format(noNegativeZero(value))),
    moneyDigits: (currency = base) => moneyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2,
    signedMoney: (value, currency = base) => {
      const text = moneyFormat(currency).format(Math.abs(value));
      return value > 0 ? `+${text}` : value < 0 ? `${MINUS}${text}` : text;
    },
    signedPercent: (value) => withMinus(percent.format(noNegativeZero(value) / 100)),
    count: (value) => counts.format(value),
    quantity: (value) => withMinus(quantities.format(noNegativeZero(value))),
    date: (iso) => formatIsoDate(iso, locale),
    epochDay: (epochDay) => formatEpochDay(epochDay, locale),
    yearMonth: (yearMonth) => formatYearMonth(yearMonth, locale),
    monthName: (month) => shortMonthName(month, locale),
  };
}

const byLocale = new Map<string, Formats>();

/** The formats of a locale and a base currency (EUR by default), made once per pair. */
export function formatsFor(locale: string, base = 'EUR'): Formats {
  const key = `${locale} ${base}`;
  let formats = byLocale.get(key);
  if (!formats) {
    formats = createFormats(locale, base);
    byLocale.set(key, formats);
  }
  return formats;
}

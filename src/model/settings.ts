/**
 * A user's settings, kept on the server (`GET`/`PUT /api/settings`) and checked by this one function on
 * both sides. To add a setting: a key in `UserSettings` with its default in `DEFAULT_SETTINGS`, and its
 * check in `SETTING_CHECKS`; stored rows without it read as the default.
 */
import { notACurrency } from './not-a-currency';
import { TICKER_MAX_LENGTH, TICKER_PATTERN } from './transaction';

export interface UserSettings {
  /** The symbol "the same money" is compared with (a Yahoo symbol such as `VWCE.DE`); null for none. */
  benchmark: string | null;
  /** The ISO 4217 code every figure is reported in (`EUR`, `GBP`, `JPY`…). */
  baseCurrency: string;
}

export const DEFAULT_SETTINGS: Readonly<UserSettings> = { benchmark: null, baseCurrency: 'EUR' };

/**
 * Whether a code is a currency: the server and the Settings page pass `isCurrency` (model/currencies,
 * ISO 4217); the worker reads what the server sent by its shape, so the list of codes stays out of its first chunk.
 */
export type CurrencyKnown = (code: string) => boolean;
const shapedLikeACode: CurrencyKnown = (code) => /^[A-Z]{3}$/.test(code);

/** Broad index funds offered when choosing a benchmark (all-world, developed world, S&P 500; EUR listings). */
export const BENCHMARK_SUGGESTIONS = [
  { symbol: 'VWCE.DE', name: 'Vanguard FTSE All-World (Xetra)' },
  { symbol: 'IWDA.AS', name: 'iShares Core MSCI World (Amsterdam)' },
  { symbol: 'CSPX.AS', name: 'iShares Core S&P 500 (Amsterdam)' },
] as const;

export interface SettingsIssue {
  /** The key the issue is about; empty for the body itself. */
  path: string;
  message: string;
}

export type CheckedSettings =
  { ok: true; value: Partial<UserSettings> } | { ok: false; message: string; issues: SettingsIssue[] };

type Check<K extends keyof UserSettings> = (
  value: unknown,
  known: CurrencyKnown,
) => { ok: true; value: UserSettings[K] } | { ok: false; message: string };

const SETTING_CHECKS: { [K in keyof UserSettings]: Check<K> } = {
  benchmark(value) {
    if (value === null) return { ok: true, value: null };
    if (typeof value !== 'string') return { ok: false, message: 'a Yahoo symbol such as VWCE.DE, or null for none' };
    const symbol = value.trim().toUpperCase();
    if (symbol === '') return { ok: true, value: null };
    if (symbol.length > TICKER_MAX_LENGTH || !TICKER_PATTERN.test(symbol)) {
      return {
        ok: false,
        message: `a Yahoo symbol such as VWCE.DE: letters, digits and . - = ^, at most ${TICKER_MAX_LENGTH} characters`,
      };
    }
    return { ok: true, value: symbol };
  },
  // Exactly as ISO writes it: `GBp` (pence) is a quote's unit, not a currency to report in.
  baseCurrency(value, known) {
    if (typeof value !== 'string' || !known(value.trim())) return { ok: false, message: notACurrency(value) };
    return { ok: true, value: value.trim() };
  },
};

/**
 * A `PUT /api/settings` body: an object naming some settings, each checked (an empty benchmark is none,
 * symbols are upper-cased; the base currency one `known` knows). Unknown keys are refused, so a mistyped
 * name never silently does nothing.
 */
export function checkSettingsUpdate(body: unknown, known: CurrencyKnown): CheckedSettings {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, message: 'Send the settings as a JSON object, such as {"benchmark": "VWCE.DE"}.', issues: [] };
  }
  const issues: SettingsIssue[] = [];
  const value: Partial<Record<keyof UserSettings, unknown>> = {};
  for (const [key, given] of Object.entries(body)) {
    if (!Object.hasOwn(SETTING_CHECKS, key)) {
      issues.push({ path: key, message: `not a setting (known: ${Object.keys(SETTING_CHECKS).join(', ')})` });
      continue;
    }
    const checked = SETTING_CHECKS[key as keyof UserSettings](given, known);
    if (checked.ok) value[key as keyof UserSettings] = checked.value;
    else issues.push({ path: key, message: checked.message });
  }
  if (issues.length > 0) return { ok: false, message: 'The settings were not saved: see issues.', issues };
  return { ok: true, value: value as Partial<UserSettings> };
}

/** Stored settings (possibly from an older version, or damaged) read as settings: bad or missing keys take their default. */
export function settingsFrom(stored: unknown): UserSettings {
  const settings: UserSettings = { ...DEFAULT_SETTINGS };
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return settings;
  for (const key of Object.keys(SETTING_CHECKS) as Array<keyof UserSettings>) {
    if (!Object.hasOwn(stored, key)) continue;
    const checked = SETTING_CHECKS[key]((stored as Record<string, unknown>)[key], shapedLikeACode);
    if (checked.ok) (settings as Record<keyof UserSettings, unknown>)[key] = checked.value;
  }
  return settings;
}

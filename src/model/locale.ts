/**
 * Which locale numbers and dates are shown and read in: the browser's by default, or one the user chose
 * (a display preference). Any locale `Intl` knows works; these are the ones offered by name.
 */
export const LOCALE_CHOICES = [
  { tag: 'nl-NL', label: 'Dutch (1.234,56 · 31-01-2024)' },
  { tag: 'en-GB', label: 'English, UK (1,234.56 · 31/01/2024)' },
  { tag: 'en-US', label: 'English, US (1,234.56 · 01/31/2024)' },
] as const;

/** The preference that follows the browser's languages. */
export const BROWSER_LOCALE = 'browser';

export const FALLBACK_LOCALE = 'en-US';

/** The locale to use: the chosen one when `Intl` supports it, else the first supported browser language. */
export function resolveLocale(preference: string | null | undefined, browserLanguages: readonly string[]): string {
  const candidates = preference && preference !== BROWSER_LOCALE ? [preference, ...browserLanguages] : browserLanguages;
  for (const candidate of candidates) {
    try {
      const [supported] = Intl.NumberFormat.supportedLocalesOf(candidate);
      if (supported) return supported;
    } catch {
      // Not a language tag at all (a hand-edited storage): try the next one.
    }
  }
  return FALLBACK_LOCALE;
}

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { BROWSER_LOCALE, resolveLocale } from '../model/locale';
import { formatsFor, type Formats } from './format';

/**
 * The number-and-date format preference, kept on this device: a display preference, like the browser's
 * own language, that needs no account (and the server has no settings for it).
 */
const KEY = 'investments-tracker.locale';

function readPreference(): string {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? BROWSER_LOCALE;
  } catch {
    return BROWSER_LOCALE;
  }
}

function storePreference(preference: string): void {
  try {
    if (preference === BROWSER_LOCALE) globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, preference);
  } catch {
    // A full or disabled storage keeps the choice for this visit only.
  }
}

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

/**
 * Reads the stored preference and builds its formats (kept by `formatsFor`), so that the first render
 * finds them ready. The first use of `Intl` loads the ICU data and the first read of `localStorage` opens
 * the origin's storage: together tens of milliseconds on a slow machine, which main.tsx gives a task of
 * their own instead of adding them to the first render's.
 */
export function prepareLocale(): Formats {
  const formats = formatsFor(resolveLocale(readPreference(), browserLanguages()));
  resolveLocale(BROWSER_LOCALE, browserLanguages());
  return formats;
}

/**
 * The chosen locale's first money and date: the euro's formatter made and used once, and the date form
 * (`datePattern`, kept per locale) whose first `Intl.DateTimeFormat` loads the calendar's data. The shell
 * shows both on its first render (the locale setting's example); a task of their own, after prepareLocale's,
 * on the formats it made.
 */
export function prepareFormats(formats: Formats): void {
  formats.money(1234.56);
  formats.date('2024-01-31');
}

export interface LocaleState {
  /** 'browser' or a language tag. */
  preference: string;
  /** The locale in use. */
  locale: string;
  /** The browser's own locale, for the 'browser' choice's label. */
  browserLocale: string;
  formats: Formats;
  setPreference: (preference: string) => void;
}

const LocaleContext = createContext<LocaleState | null>(null);

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState(readPreference);
  const setPreference = useCallback((next: string) => {
    storePreference(next);
    setPreferenceState(next);
  }, []);
  const value = useMemo<LocaleState>(() => {
    const locale = resolveLocale(preference, browserLanguages());
    return {
      preference,
      locale,
      browserLocale: resolveLocale(BROWSER_LOCALE, browserLanguages()),
      formats: formatsFor(locale),
      setPreference,
    };
  }, [preference, setPreference]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('LocaleContext is missing: render inside <LocaleProvider>.');
  return state;
}

/**
 * The signed-in pages' formats: the chosen locale's, with money in the base currency `base` (the figures'
 * own, from the derivation), for everything inside.
 */
export function BaseCurrencyProvider({ base, children }: { base: string; children: ReactNode }) {
  const state = useLocale();
  const value = useMemo<LocaleState>(
    () => (state.formats.currency === base ? state : { ...state, formats: formatsFor(state.locale, base) }),
    [state, base],
  );
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

/** The formats of the chosen locale (money in the base currency inside {@link BaseCurrencyProvider}). */
export const useFormats = (): Formats => useLocale().formats;

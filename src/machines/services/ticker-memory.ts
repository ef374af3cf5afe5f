/** The user's ISIN → ticker choices from earlier imports, kept in this browser (choices, never credentials). */
const KEY = 'investments-tracker.import-tickers';

export function readRememberedTickers(storage: Storage | undefined = globalThis.localStorage): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

export function rememberTickers(tickers: Record<string, string>, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(KEY, JSON.stringify({ ...readRememberedTickers(storage), ...tickers }));
  } catch {
    // A full or disabled storage only costs the convenience of pre-filled tickers next time.
  }
}

/**
 * The words for a code that is not an ISO 4217 currency, in a module of its own: the settings use them in
 * the worker's first chunk, which the list of every code (currencies.ts) stays out of.
 */

/** What is wrong with a text that is not one of `CURRENCIES`, naming it. */
export function notACurrency(given: unknown): string {
  const shown = typeof given === 'string' ? JSON.stringify(given) : String(given);
  return `${shown} is not an ISO 4217 currency code (such as EUR, USD, GBP or JPY)`;
}

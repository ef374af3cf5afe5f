/**
 * The exchange rates a quotes answer needs into the client's base currency (`rates` in the request): one per
 * currency the answered series are quoted in (`GBp` needs `GBPEUR=X`, `USD` needs `EUR=X`), leaving out the
 * base itself and the symbols already asked for (compared without case, as the request is).
 */
import { fxSymbolFor } from '../../src/model/exchange-rates';
import type { QuoteEntry } from '../../src/model/quotes';

export function ratesNeeded(entries: readonly QuoteEntry[], asked: readonly string[], base: string): string[] {
  const known = new Set(asked.map((symbol) => symbol.toUpperCase()));
  const rates: string[] = [];
  for (const entry of entries) {
    if ('error' in entry || !entry.meta.currency) continue;
    const rate = fxSymbolFor(entry.meta.currency, base);
    if (rate === null || known.has(rate.toUpperCase())) continue;
    known.add(rate.toUpperCase());
    rates.push(rate);
  }
  return rates;
}

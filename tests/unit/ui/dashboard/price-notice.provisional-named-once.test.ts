/**
 * After a DEGIRO import with the quotes offline, dozens of held symbols have no prices: each is named once,
 * among the price problems, and the notice says by a count that they are valued at their own trade prices;
 * only holdings not among the problems (ISIN placeholders, symbols that failed without an error) are named
 * in the provisional sentences, a long list of them said short as the problems are.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { priceNotice, type PriceNotice as Notice, type PriceProblem } from '#src/machines/dashboard-selectors';
import { PriceNotice } from '#src/ui/dashboard/price-notice';

const symbols = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(2, '0')}.AS`);
const failing = (names: string[]): PriceProblem[] =>
  names.map((symbol) => ({ symbol, message: 'No recorded prices.' }));
const ISINS = ['BE0003470755', 'NL0009432491'];

/** The notice as the page shows it, tags stripped, with every disclosure's content. */
function rendered(notice: Notice): string {
  const html = renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(PriceNotice, { notice, onRetry: () => {} })),
  );
  return html
    .replace(/<li>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'");
}

const timesNamed = (text: string, name: string) => text.split(name).length - 1;

describe('price notice: a failed symbol is named once', () => {
  it('34 held symbols offline and two placeholders: the 34 in the problems only, counted as provisional; the placeholders in their own sentence', () => {
    const offline = symbols(34, 'A');
    const notice = priceNotice(failing(offline), { noSource: ISINS, noPrices: offline })!;
    expect(notice.problems).toMatchObject({ count: 34 });
    expect(notice.problems!.named.map((p) => p.symbol)).toEqual(offline.slice(0, 3));
    expect(notice.provisionalProblems).toBe(34);
    expect(notice.noPrices).toBeNull();
    expect(notice.noSource).toEqual({ count: 2, named: ISINS, more: [] });

    const text = rendered(notice);
    for (const name of [...offline, ...ISINS]) expect(timesNamed(text, name), name).toBe(1);
    expect(text).toContain('Some prices could not be loaded, for 34 symbols:');
    expect(text).toContain('Show the other 31');
    expect(text).toContain('Provisional value: all 34 are valued at their own trade prices.');
    expect(text).toContain(
      `Provisional value: no price source for ${ISINS.join(', ')} (imported under their ISINs), valued at their own trade prices until you pick a symbol on the Holdings page.`,
    );
    expect(text).not.toContain('no prices for');
    expect(text).toContain('Retry');
  });

  it('a failed exchange rate and a sold symbol are not provisional; a held symbol with no prices and no error is named apart, "also"', () => {
    const notice = priceNotice(failing(['EUR=X', 'KO', 'SOLD.DE']), { noSource: [], noPrices: ['KO', 'QUIET.DE'] })!;
    expect(notice.provisionalProblems).toBe(1);
    expect(notice.noPrices).toEqual({ count: 1, named: ['QUIET.DE'], more: [] });
    const text = rendered(notice);
    for (const name of ['EUR=X', 'KO', 'SOLD.DE', 'QUIET.DE']) expect(timesNamed(text, name), name).toBe(1);
    expect(text).toContain('Some prices could not be loaded:');
    expect(text).toContain('Provisional value: 1 of them is valued at its own trade prices.');
    expect(text).toContain('Provisional value: also no prices for QUIET.DE, valued at its own trade prices.');
  });

  it('twelve placeholders and no failures: no Retry, the count and the first three named, the other nine behind the disclosure', () => {
    const isins = Array.from({ length: 12 }, (_, i) => `NL00094324${String(i).padStart(2, '0')}`);
    const notice = priceNotice([], { noSource: isins, noPrices: [] })!;
    expect(notice.problems).toBeNull();
    expect(notice.noSource).toEqual({ count: 12, named: isins.slice(0, 3), more: isins.slice(3) });
    const text = rendered(notice);
    for (const name of isins) expect(timesNamed(text, name), name).toBe(1);
    expect(text).toContain(
      `Provisional value: no price source for 12 holdings: ${isins.slice(0, 3).join(', ')} and 9 others (imported under their ISINs)`,
    );
    expect(text).toContain('Show the other 9');
    expect(text).not.toContain('Retry');
  });

  it('says nothing when every holding has its price', () => {
    expect(priceNotice([], { noSource: [], noPrices: [] })).toBeNull();
  });
});

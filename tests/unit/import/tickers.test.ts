/** Product → ticker: the shipped ISIN table, the user's choices, and what is not a ticker. */
import { describe, expect, it } from 'vitest';
import isinTickers from '#data/isin-tickers.json';
import { TICKER_PATTERN } from '#src/model';
import { applyTickers, assignTickers, normaliseTicker, shippedTicker } from '#src/worker/import';
import { importFixture } from '#helpers/import/degiro-files';

/** The ISIN check digit (ISO 6166): letters as numbers, then the Luhn sum. */
function isinCheckDigitOk(isin: string): boolean {
  const digits = [...isin.slice(0, 11)].map((c) => parseInt(c, 36)).join('');
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    let n = Number(d) * (i % 2 === 0 ? 2 : 1);
    if (n > 9) n -= 9;
    sum += n;
  });
  return (10 - (sum % 10)) % 10 === Number(isin[11]);
}

describe('tickers', () => {
  it('ships only well-formed ISINs (check digit included) mapped to Yahoo symbols', () => {
    const entries = Object.entries(isinTickers);
    expect(entries.length).toBeGreaterThan(100);
    for (const [isin, ticker] of entries) {
      expect(isin).toMatch(/^[A-Z]{2}[A-Z0-9]{9}\d$/);
      expect(isinCheckDigitOk(isin), isin).toBe(true);
      expect(ticker).toMatch(TICKER_PATTERN);
    }
  });

  it('maps the Vanguard S&P 500 UCITS ETF (IE00B3XXRP09) to VUSA.AS, and the common ETFs to theirs', () => {
    expect(shippedTicker('IE00B3XXRP09')).toBe('VUSA.AS');
    expect(shippedTicker('IE00B3RBWM25')).toBe('VWRL.AS');
    expect(shippedTicker('IE00BK5BQT80')).toBe('VWCE.DE');
    expect(shippedTicker('IE00B4L5Y983')).toBe('IWDA.AS');
    expect(shippedTicker('US0378331005')).toBe('AAPL');
    expect(shippedTicker('XX0000000000')).toBeNull();
  });

  it("prefers the user's choice to the table, by ISIN or by product name, and marks where each ticker came from", async () => {
    const imported = await importFixture('nl-mixed-languages.csv', {
      tickers: { IE00B3RBWM25: 'vwce.de', 'ISHARES KOREA': 'IKOR.L', 'DEGIRO account costs': ' vwrl.as ' },
    });
    const byKey = new Map(imported.products.map((p) => [p.productKey, p]));
    expect(byKey.get('IE00B3RBWM25')).toMatchObject({ ticker: 'VWCE.DE', source: 'saved' });
    expect(byKey.get('IE00B0M63391')).toMatchObject({ ticker: 'IKOR.L', source: 'saved' });
    // The account's costs are its fees, cash: no product, so a choice for them changes nothing.
    expect(byKey.has('DEGIRO account costs')).toBe(false);
    expect(imported.transactions.cash.filter((c) => c.kind === 'fee').length).toBeGreaterThan(0);
    expect(byKey.get('US9256521090')).toMatchObject({ ticker: 'VICI', source: 'table' });
    expect(imported.transactions.stock.filter((t) => t.productKey === 'IE00B3RBWM25').map((t) => t.ticker)).toEqual([
      'VWCE.DE',
      'VWCE.DE',
    ]);
  });

  it('refuses a choice that is not a Yahoo symbol, says why, and leaves the product to be asked for', async () => {
    const imported = applyTickers(await importFixture('nl-mixed-languages.csv'), {
      IE00B0M63391: 'not a ticker!',
      IE00BYXG2H39: '',
    });
    const byKey = new Map(imported.products.map((p) => [p.productKey, p]));
    expect(byKey.get('IE00B0M63391')).toMatchObject({
      ticker: null,
      source: null,
      problem: expect.stringMatching(/^"not a ticker!" is not a Yahoo symbol/),
    });
    // An emptied field is no choice at all.
    expect(byKey.get('IE00BYXG2H39')).toEqual(expect.objectContaining({ ticker: null, source: null }));
    expect(byKey.get('IE00BYXG2H39')).not.toHaveProperty('problem');
    expect(imported.transactions.stock.find((t) => t.productKey === 'IE00B0M63391')?.ticker).toBe('');
    expect(normaliseTicker(' brk-b ')).toBe('BRK-B');
    expect(normaliseTicker('EUR=X')).toBe('EUR=X');
    expect(normaliseTicker('two words')).toBeNull();
  });

  it('leaves the import it was given unchanged', async () => {
    const imported = await importFixture('nl-example.csv');
    const snapshot = structuredClone(imported);
    applyTickers(imported, { 'DEGIRO account costs': 'VWRL.AS' });
    expect(imported).toEqual(snapshot);
  });

  it('gives every product a ticker when nothing may block: choices, the table, else the ISIN as a placeholder', async () => {
    const imported = assignTickers(await importFixture('nl-mixed-languages.csv'), {
      IE00B3RBWM25: { ticker: 'VWRL.L', source: 'lookup' },
      IE00B0M63391: { ticker: 'bad ticker', source: 'saved' },
    });
    const byKey = new Map(imported.products.map((p) => [p.productKey, p]));
    expect(byKey.get('IE00B3RBWM25')).toMatchObject({ ticker: 'VWRL.L', source: 'lookup' });
    expect(byKey.get('US9256521090')).toMatchObject({ ticker: 'VICI', source: 'table' });
    expect(byKey.get('IE00B0M63391')).toMatchObject({
      ticker: 'IE00B0M63391',
      source: 'placeholder',
      problem: expect.stringContaining('"bad ticker"'),
    });
    expect(byKey.has('DEGIRO account costs')).toBe(false);
    for (const product of imported.products) expect(product.ticker, product.productKey).toMatch(TICKER_PATTERN);
    const all = [
      ...imported.transactions.stock,
      ...imported.transactions.dividend,
      ...imported.transactions.commission,
    ];
    expect(all.filter((t) => t.ticker === '')).toEqual([]);
  });
});

/**
 * The worker's import session: every product gets a ticker (a placeholder at worst), so nothing waits for
 * a symbol; a chosen symbol that is not one stops the import, naming the product and why, instead of an
 * import of "0 new".
 */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet, TICKER_PATTERN } from '../../../src/model';
import { ImportSession } from '../../../src/worker/import-session';
import { fixtureBytes } from '../import/helpers';

async function parsed(tickers: Record<string, string> = {}) {
  const session = new ImportSession();
  const preview = await session.parse(1, new Blob([fixtureBytes('nl-mixed-languages.csv')]), emptyTransactionSet, tickers, () => {});
  return { session, preview: preview! };
}

describe('an import session', () => {
  it('previews every product with a ticker and its source', async () => {
    const { preview } = await parsed();
    for (const product of preview.products) {
      expect(product.ticker, product.key).toMatch(TICKER_PATTERN);
      expect(['saved', 'lookup', 'table', 'placeholder', 'none-needed']).toContain(product.source);
    }
    expect(preview.products.find((p) => p.key === 'IE00B0M63391')).toMatchObject({ ticker: 'IE00B0M63391', source: 'placeholder' });
  });

  it('merges everything with no symbol chosen: unknown products under their ISIN', async () => {
    const { session, preview } = await parsed();
    const result = await session.merge(emptyTransactionSet(), {});
    expect(result.unresolvedProducts).toEqual([]);
    expect(result.added).toBe(preview.newTransactions);
    expect(result.merged.stock.some((t) => t.ticker === 'IE00B0M63391')).toBe(true);
    const all = [...result.merged.stock, ...result.merged.dividend, ...result.merged.commission];
    expect(all.filter((t) => !TICKER_PATTERN.test(t.ticker))).toEqual([]);
  });

  it('refuses a chosen symbol that is not one, naming the product and why, and merges nothing', async () => {
    const { session } = await parsed();
    await expect(session.merge(emptyTransactionSet(), { IE00B0M63391: 'ISHARES KOREA!' })).rejects.toThrow(
      /^Correct the symbol of this product first: ISHARES KOREA \(IE00B0M63391\): "ISHARES KOREA!" is not a Yahoo symbol/,
    );
  });
});

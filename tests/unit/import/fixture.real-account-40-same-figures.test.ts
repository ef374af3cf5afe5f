/**
 * Issue 30: tests/fixtures/degiro/real-account-40 imported as Account.csv alone, Account.csv then
 * Transactions.csv, or Transactions.csv then Account.csv gives the same transactions, field by field, and
 * the same figures: the portfolio value and each holding's (with the quotes the app ships offline, and
 * without any quote: every holding at its provisional price). The figures agree with the statement's own
 * rows where the statement states them: each product's shares (its "Koop N @" and "Verkoop N @" rows),
 * its costs and the account's (its cost rows, one Order Id's split rows once), and the dividends of the
 * products paid in EUR (their Dividend and Dividendbelasting rows). No figure is written into this test.
 */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet, type QuoteEntry, type TransactionSet } from '#src/model';
import { applyTickers, mergeImported, parseDegiroExport } from '#src/worker/import';
import { fixtureText } from '#helpers/import/degiro-files';
import { importedSet, rowsOf as rows, shippedQuotes, tickersOf } from '#helpers/import/real-account-set';
import {
  accountLines,
  isAccountCost,
  isCost,
  productLines,
  sharesOf,
  splitCostOrders,
} from '#helpers/import/real-account-statement';
import { PortfolioEngine } from '#src/worker/engine';

const QUOTES = shippedQuotes();
const AS_OF = '2026-11-27';

/** Every stored field of every transaction, one line each, sorted. */
const content = (set: TransactionSet) =>
  [...rows(set), ...(set.cash ?? [])]
    .map((t) => JSON.stringify(Object.entries(t).sort(([a], [b]) => a.localeCompare(b))))
    .sort();
const cents = (euros: number) => Math.round(euros * 100);
/** The engine's figures of the whole set, its cash (the account's fees) included. */
const derive = (set: TransactionSet, quotes: QuoteEntry[]) => {
  const engine = new PortfolioEngine();
  engine.setTransactions(set);
  engine.setQuotes(quotes);
  return engine.derive(AS_OF, null);
};
const figures = (set: TransactionSet, quotes: QuoteEntry[]) => {
  const { summary, tickers } = derive(set, quotes);
  return {
    value: cents(summary.portfolioValue),
    invested: cents(summary.totalInvested),
    profit: cents(summary.totalReturn.absolute),
    commission: cents(summary.totalCommission),
    dividend: cents(summary.totalDividend),
    tickers: Object.fromEntries(
      Object.entries(tickers).map(([ticker, f]) => [
        ticker,
        [
          f.amountOfShares,
          cents(f.portfolioValue),
          cents(f.totalCommission),
          cents(f.totalDividend),
          f.priceSource,
          f.listingCurrency,
        ],
      ]),
    ),
  };
};

describe('real-account-40: Account.csv alone, or with Transactions.csv in either order', () => {
  it('gives the same transactions and the same portfolio and holding values', async () => {
    const alone = await importedSet(['Account.csv']);
    const accountFirst = await importedSet(['Account.csv', 'Transactions.csv']);
    const tradesFirst = await importedSet(['Transactions.csv', 'Account.csv']);

    expect(content(accountFirst)).toEqual(content(alone));
    expect(content(tradesFirst)).toEqual(content(alone));
    for (const quotes of [QUOTES, [] as QuoteEntry[]]) {
      const expected = figures(alone, quotes);
      expect(figures(accountFirst, quotes)).toEqual(expected);
      expect(figures(tradesFirst, quotes)).toEqual(expected);
    }
    // The comparison with quotes is not the one without: the shipped quotes price some holdings at the market.
    const priced = figures(alone, QUOTES);
    expect(Object.values(priced.tickers).some(([, , , , source]) => source === 'market')).toBe(true);
    expect(priced.value).not.toBe(figures(alone, []).value);
  });

  it("agrees with the statement's rows: each product's shares, costs and EUR dividends, and the account's costs", async () => {
    const imported = await parseDegiroExport(fixtureText('real-account-40/Account.csv'));
    const tickers = tickersOf(imported);
    const set = mergeImported(emptyTransactionSet(), applyTickers(imported, tickers)).merged;
    // The split orders are in the statement: their costs must count once (item 1), which the sums below hold.
    expect(splitCostOrders().length).toBeGreaterThan(0);
    const statementCosts = -accountLines
      .filter((row) => isCost(row) || isAccountCost(row))
      .reduce((sum, row) => sum + row.amount, 0);
    expect(accountLines.filter((row) => isCost(row) || isAccountCost(row)).every((row) => row.currency === 'EUR')).toBe(
      true,
    );
    const products = imported.products.filter((product) => product.isin !== '');
    expect(products.length).toBeGreaterThanOrEqual(40);
    // Without quotes the shares are the statement's own units (quotes' splits would restate them in today's).
    const { summary, tickers: figuresOf } = derive(set, []);
    expect(cents(summary.totalCommission)).toBe(cents(statementCosts));
    let eurPayers = 0;
    for (const product of products) {
      const lines = productLines(product.isin);
      const ticker = figuresOf[tickers[product.productKey]!]!;
      expect(ticker, product.product).toBeDefined();
      expect(ticker.amountOfShares, `${product.product}: shares`).toBe(
        lines.reduce((sum, row) => sum + sharesOf(row), 0),
      );
      expect(cents(ticker.totalCommission), `${product.product}: costs`).toBe(
        cents(-lines.filter(isCost).reduce((sum, row) => sum + row.amount, 0)),
      );
      const dividends = lines.filter(
        (row) => row.description === 'Dividend' || row.description === 'Dividendbelasting',
      );
      if (dividends.length > 0 && dividends.every((row) => row.currency === 'EUR')) {
        eurPayers += 1;
        expect(cents(ticker.totalDividend), `${product.product}: dividends after tax`).toBe(
          cents(dividends.reduce((sum, row) => sum + row.amount, 0)),
        );
      }
    }
    expect(eurPayers).toBeGreaterThan(10);
  });
});

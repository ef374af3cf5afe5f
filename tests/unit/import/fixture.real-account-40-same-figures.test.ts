/**
 * Issue 30: tests/fixtures/degiro/real-account-40 imported as Account.csv alone, Account.csv then
 * Transactions.csv, or Transactions.csv then Account.csv gives the same transactions, field by field, and
 * the same figures: the portfolio value and each holding's (with the quotes the app ships offline, and
 * without any quote: every holding at its provisional price).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet, type QuoteEntry, type Transaction, type TransactionSet } from '#src/model';
import { applyTickers, mergeImported, parseDegiroExport, type DegiroImport } from '#src/worker/import';
import { fixtureText } from '#helpers/import/degiro-files';
import { derive } from '#helpers/worker/portfolio';
import isinTickers from '../../../data/isin-tickers.json';

const SHIPPED: Readonly<Record<string, string>> = isinTickers;
const MARKET = join(import.meta.dirname, '../../../data/market');
const QUOTES: QuoteEntry[] = readdirSync(MARKET)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({ symbol: file.slice(0, -'.json'.length), data: JSON.parse(readFileSync(join(MARKET, file), 'utf8')) }) as QuoteEntry);

/** Each product under its shipped symbol, else its product key (as a placeholder would be). */
const resolved = (imported: DegiroImport) => applyTickers(imported, Object.fromEntries(imported.products.map((p) => [p.productKey, SHIPPED[p.isin] ?? p.productKey])));
const parsed = async (text: string) => resolved(await parseDegiroExport(text));
const rows = (set: TransactionSet): Transaction[] => [...set.stock, ...set.dividend, ...set.commission];
/** Every stored field of every transaction, one line each, sorted. */
const content = (set: TransactionSet) => rows(set).map((t) => JSON.stringify(Object.entries(t).sort(([a], [b]) => a.localeCompare(b)))).sort();
const figures = (set: TransactionSet, quotes: QuoteEntry[]) => {
  const { summary, tickers } = derive(rows(set), quotes, '2026-11-27');
  const cents = (euros: number) => Math.round(euros * 100);
  return {
    value: cents(summary.portfolioValue),
    invested: cents(summary.totalInvested),
    profit: cents(summary.totalReturn.absolute),
    tickers: Object.fromEntries(Object.entries(tickers).map(([ticker, f]) => [ticker, [f.amountOfShares, cents(f.portfolioValue), f.priceSource, f.listingCurrency]])),
  };
};

describe('real-account-40: Account.csv alone, or with Transactions.csv in either order', () => {
  it('gives the same transactions and the same portfolio and holding values', async () => {
    const account = fixtureText('real-account-40/Account.csv');
    const trades = fixtureText('real-account-40/Transactions.csv');
    const alone = mergeImported(emptyTransactionSet(), await parsed(account)).merged;
    const accountFirst = mergeImported(alone, await parsed(trades)).merged;
    const tradesFirst = mergeImported(mergeImported(emptyTransactionSet(), await parsed(trades)).merged, await parsed(account)).merged;

    expect(content(accountFirst)).toEqual(content(alone));
    expect(content(tradesFirst)).toEqual(content(alone));
    for (const quotes of [QUOTES, []]) {
      const expected = figures(alone, quotes);
      expect(figures(accountFirst, quotes)).toEqual(expected);
      expect(figures(tradesFirst, quotes)).toEqual(expected);
    }
    // The dashboard's figures with the shipped quotes; 389,997.34 is the same set before any quote is in.
    expect(figures(alone, QUOTES).value).toBe(39_988_573);
    expect(figures(alone, []).value).toBe(38_999_734);
  });
});

/**
 * An export that ends between a foreign dividend and its next-day conversion stores the dividend in USD;
 * the later export has it converted to EUR under the same import id: the complete version replaces it.
 */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet } from '#src/model';
import { applyTickers, mergeImported, parseDegiroExport } from '#src/worker/import';
import { csv, row } from '#helpers/import/degiro-files';

const KO = { product: 'COCA-COLA COMPANY (THE', isin: 'US1912161007' };
const dividendRows = [
  row({ date: '16-12-2022', time: '09:05', ...KO, description: 'Dividendbelasting', currency: 'USD', amount: '-1,50' }),
  row({ date: '16-12-2022', time: '09:05', ...KO, description: 'Dividend', currency: 'USD', amount: '10,00' }),
];
const conversionRows = [
  row({ date: '17-12-2022', time: '08:37', description: 'Valuta Creditering', currency: 'EUR', amount: '7,80' }),
  row({
    date: '17-12-2022',
    time: '08:37',
    description: 'Valuta Debitering',
    fx: '1,0897',
    currency: 'USD',
    amount: '-8,50',
  }),
];

async function imported(rows: string[]) {
  return applyTickers(await parseDegiroExport(csv(rows)), { US1912161007: 'KO' });
}

describe('a dividend converted in a later export', () => {
  it('has the same import id in both exports', async () => {
    const early = (await imported(dividendRows)).transactions.dividend[0]!;
    const late = (await imported([...conversionRows, ...dividendRows])).transactions.dividend[0]!;
    expect([early.currency, late.currency]).toEqual(['USD', 'EUR']);
    expect(late.importId).toBe(early.importId);
  });

  it('replaces the USD version stored first, keeping the ticker the user gave it since', async () => {
    const first = mergeImported(emptyTransactionSet(), await imported(dividendRows));
    expect(first.merged.dividend).toMatchObject([{ currency: 'USD', value: 8.5, tax: 1.5 }]);
    first.merged.dividend[0]!.ticker = 'KO-RENAMED';

    const second = mergeImported(first.merged, await imported([...conversionRows, ...dividendRows]));
    expect(second).toMatchObject({ added: 0, alreadyPresent: 1, converted: 1 });
    expect(second.merged.dividend).toEqual([
      {
        ticker: 'KO-RENAMED',
        type: 'dividend',
        date: '2022-12-16',
        amount: 1,
        value: 7.8,
        tax: 1.38,
        currency: 'EUR',
        importId: first.merged.dividend[0]!.importId,
      },
    ]);
  });

  it('never replaces a EUR version with the USD one of an older export', async () => {
    const complete = mergeImported(emptyTransactionSet(), await imported([...conversionRows, ...dividendRows]));
    const again = mergeImported(complete.merged, await imported(dividendRows));
    expect(again).toMatchObject({ added: 0, alreadyPresent: 1, converted: 0 });
    expect(again.merged.dividend).toMatchObject([{ currency: 'EUR', value: 7.8 }]);
  });
});

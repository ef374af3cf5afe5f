/** Import ids: importing the same or an overlapping file again adds nothing twice; equal-looking bookings stay distinct. */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet, countTransactions } from '#src/model';
import { applyTickers, mergeImported, parseDegiroExport, type DegiroImport } from '#src/worker/import';
import { generateExport, HEADER_NL } from '#helpers/import/export-generator';
import { allTransactions, csv, importFixture, row } from '#helpers/import/degiro-files';

/** Every product gets a ticker, so that the merge accepts the import. */
function resolved(imported: DegiroImport): DegiroImport {
  return applyTickers(imported, Object.fromEntries(imported.products.map((p) => [p.productKey, 'TEST.AS'])));
}

describe('import ids', () => {
  it('adds nothing when the same file is imported twice', async () => {
    const first = mergeImported(emptyTransactionSet(), resolved(await importFixture('nl-mixed-languages.csv')));
    expect(first.added).toBe(38);
    const second = mergeImported(first.merged, resolved(await importFixture('nl-mixed-languages.csv')));
    expect(second).toMatchObject({ added: 0, alreadyPresent: 38 });
    expect(countTransactions(second.merged)).toBe(38);
  });

  it('adds only the new rows of an overlapping export', async () => {
    const { rows } = generateExport(600, 3);
    // Exports are cut at whole days; rows run newest first.
    const dayOf = (r: string) => r.slice(0, 10);
    const cutAt = (index: number) => {
      let i = index;
      while (i < rows.length && dayOf(rows[i]!) === dayOf(rows[i - 1]!)) i += 1;
      return i;
    };
    const newerEnd = cutAt(400);
    const olderStart = cutAt(200);
    const whole = mergeImported(emptyTransactionSet(), resolved(await parseDegiroExport(`${HEADER_NL}\n${rows.join('\n')}`)));
    const older = mergeImported(emptyTransactionSet(), resolved(await parseDegiroExport(`${HEADER_NL}\n${rows.slice(olderStart).join('\n')}`)));
    const newer = resolved(await parseDegiroExport(`${HEADER_NL}\n${rows.slice(0, newerEnd).join('\n')}`));
    const both = mergeImported(older.merged, newer);
    expect(both.alreadyPresent).toBeGreaterThan(0);
    expect(both.added).toBe(allTransactions(newer).length - both.alreadyPresent);
    expect(countTransactions(both.merged)).toBe(countTransactions(whole.merged));
    const ids = (set: typeof whole.merged) => [...set.stock, ...set.dividend, ...set.commission].map((t) => t.importId).sort();
    expect(ids(both.merged)).toEqual(ids(whole.merged));
  });

  it('gives two identical-looking bookings different ids, so both are kept', async () => {
    const fill = row({ date: '11-03-2024', time: '10:39', product: 'QT GROUP OYJ', isin: 'FI4000198031', description: 'Koop 3 @ 79,96 EUR', currency: 'EUR', amount: '-239,88', orderId: 'cce1' });
    const result = resolved(await parseDegiroExport(csv([fill, fill])));
    const [a, b] = result.transactions.stock;
    expect(a!.importId).not.toBe(b!.importId);
    expect(mergeImported(emptyTransactionSet(), result).added).toBe(2);
  });

  it('gives the same ids to the same rows exported in English with decimal dots', async () => {
    const dutch = csv([
      row({ date: '16-12-2022', time: '09:05', valueDate: '15-12-2022', product: 'COCA-COLA', isin: 'US1912161007', description: 'Dividendbelasting', currency: 'USD', amount: '-0,07' }),
      row({ date: '16-12-2022', time: '09:05', valueDate: '15-12-2022', product: 'COCA-COLA', isin: 'US1912161007', description: 'Dividend', currency: 'USD', amount: '0,44' }),
      row({ date: '15-12-2022', time: '16:55', product: 'VICI', isin: 'US9256521090', description: 'Koop 1 @ 33,9 USD', currency: 'USD', amount: '-33,90', orderId: '5925' }),
    ]);
    const english = csv(
      [
        row({ date: '16-12-2022', time: '09:05', valueDate: '15-12-2022', product: 'COCA-COLA', isin: 'US1912161007', description: 'Dividend Tax', currency: 'USD', amount: '-0.07' }),
        row({ date: '16-12-2022', time: '09:05', valueDate: '15-12-2022', product: 'COCA-COLA', isin: 'US1912161007', description: 'Dividend', currency: 'USD', amount: '0.44' }),
        row({ date: '15-12-2022', time: '16:55', product: 'VICI', isin: 'US9256521090', description: 'Buy 1 @ 33.9 USD', currency: 'USD', amount: '-33.90', orderId: '5925' }),
      ],
      'Date,Time,Value date,Product,ISIN,Description,FX,Change,,Balance,,Order Id',
    );
    const ids = async (text: string) => allTransactions(await parseDegiroExport(text)).map((t) => t.importId).sort();
    expect(await ids(english)).toEqual(await ids(dutch));
  });

  it('keeps the ids of a file whatever the chunk boundaries: a Blob and a string give the same', async () => {
    const { text } = generateExport(3000, 11);
    const fromString = allTransactions(await parseDegiroExport(text)).map((t) => t.importId);
    const fromBlob = allTransactions(await parseDegiroExport(new Blob([text]))).map((t) => t.importId);
    expect(fromBlob).toEqual(fromString);
    expect(new Set(fromString).size).toBe(fromString.length);
  });
});

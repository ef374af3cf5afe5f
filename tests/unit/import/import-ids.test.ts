/** Import ids: importing the same or an overlapping file again adds nothing twice; equal-looking bookings stay distinct. */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet, countTransactions, type TransactionSet } from '#src/model';
import { applyTickers, mergeImported, parseDegiroExport, type DegiroImport } from '#src/worker/import';
import { generateExport, HEADER_NL } from '#helpers/import/export-generator';
import { allTransactions, csv, importFixture, row } from '#helpers/import/degiro-files';

/** Every product gets a ticker, so that the merge accepts the import. */
function resolved(imported: DegiroImport): DegiroImport {
  return applyTickers(imported, Object.fromEntries(imported.products.map((p) => [p.productKey, 'TEST.AS'])));
}

/** What a set's transactions do to the account's cash, per currency, in cents (SEMANTICS.md "Cash"). */
function cashByCurrency(set: TransactionSet): Record<string, number> {
  const sums: Record<string, number> = {};
  const add = (currency: string, amount: number) => (sums[currency] = (sums[currency] ?? 0) + Math.round(amount * 100));
  for (const t of set.stock) add(t.currency, -t.value);
  for (const t of set.commission) add(t.currency, -t.value);
  for (const t of set.dividend) add(t.currency, t.value);
  for (const c of set.cash ?? []) add(c.currency, c.value);
  return sums;
}

describe('import ids', () => {
  it('adds nothing when the same file is imported twice', async () => {
    const imported = resolved(await importFixture('nl-mixed-languages.csv'));
    const booked = allTransactions(imported).length + imported.transactions.cash.length;
    expect(imported.transactions.cash.length).toBeGreaterThan(0);
    const first = mergeImported(emptyTransactionSet(), imported);
    expect(first.added).toBe(booked);
    const second = mergeImported(first.merged, resolved(await importFixture('nl-mixed-languages.csv')));
    expect(second).toMatchObject({ added: 0, alreadyPresent: booked });
    expect(countTransactions(second.merged) + second.merged.cash!.length).toBe(booked);
    expect(second.merged.cash).toEqual(first.merged.cash);
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
    const whole = mergeImported(
      emptyTransactionSet(),
      resolved(await parseDegiroExport(`${HEADER_NL}\n${rows.join('\n')}`)),
    );
    const older = mergeImported(
      emptyTransactionSet(),
      resolved(await parseDegiroExport(`${HEADER_NL}\n${rows.slice(olderStart).join('\n')}`)),
    );
    const newer = resolved(await parseDegiroExport(`${HEADER_NL}\n${rows.slice(0, newerEnd).join('\n')}`));
    const both = mergeImported(older.merged, newer);
    expect(both.alreadyPresent).toBeGreaterThan(0);
    expect(both.added).toBe(allTransactions(newer).length + newer.transactions.cash.length - both.alreadyPresent);
    expect(countTransactions(both.merged)).toBe(countTransactions(whole.merged));
    const ids = (set: typeof whole.merged) =>
      [...set.stock, ...set.dividend, ...set.commission].map((t) => t.importId).sort();
    expect(ids(both.merged)).toEqual(ids(whole.merged));
    // A dividend of the older export's last day is converted the next morning, in the newer one: the older keeps
    // it in USD, the newer books the conversion's two legs. The account's cash per currency is the same.
    expect(cashByCurrency(both.merged)).toEqual(cashByCurrency(whole.merged));
    // The whole statement imported over them holds the dividend in EUR with its conversion: the legs give way.
    const again = mergeImported(both.merged, resolved(await parseDegiroExport(`${HEADER_NL}\n${rows.join('\n')}`)));
    expect(again.added).toBe(0);
    expect(again.merged.cash).toEqual(whole.merged.cash);
    expect(cashByCurrency(again.merged)).toEqual(cashByCurrency(whole.merged));
  });

  it('gives two identical-looking bookings different ids, so both are kept', async () => {
    const fill = row({
      date: '11-03-2024',
      time: '10:39',
      product: 'QT GROUP OYJ',
      isin: 'FI4000198031',
      description: 'Koop 3 @ 79,96 EUR',
      currency: 'EUR',
      amount: '-239,88',
      orderId: 'cce1',
    });
    const result = resolved(await parseDegiroExport(csv([fill, fill])));
    const [a, b] = result.transactions.stock;
    expect(a!.importId).not.toBe(b!.importId);
    expect(mergeImported(emptyTransactionSet(), result).added).toBe(2);
  });

  it('gives the same ids to the same rows exported in English with decimal dots', async () => {
    const dutch = csv([
      row({
        date: '16-12-2022',
        time: '09:05',
        valueDate: '15-12-2022',
        product: 'COCA-COLA',
        isin: 'US1912161007',
        description: 'Dividendbelasting',
        currency: 'USD',
        amount: '-0,07',
      }),
      row({
        date: '16-12-2022',
        time: '09:05',
        valueDate: '15-12-2022',
        product: 'COCA-COLA',
        isin: 'US1912161007',
        description: 'Dividend',
        currency: 'USD',
        amount: '0,44',
      }),
      row({
        date: '15-12-2022',
        time: '16:55',
        product: 'VICI',
        isin: 'US9256521090',
        description: 'Koop 1 @ 33,9 USD',
        currency: 'USD',
        amount: '-33,90',
        orderId: '5925',
      }),
    ]);
    const english = csv(
      [
        row({
          date: '16-12-2022',
          time: '09:05',
          valueDate: '15-12-2022',
          product: 'COCA-COLA',
          isin: 'US1912161007',
          description: 'Dividend Tax',
          currency: 'USD',
          amount: '-0.07',
        }),
        row({
          date: '16-12-2022',
          time: '09:05',
          valueDate: '15-12-2022',
          product: 'COCA-COLA',
          isin: 'US1912161007',
          description: 'Dividend',
          currency: 'USD',
          amount: '0.44',
        }),
        row({
          date: '15-12-2022',
          time: '16:55',
          product: 'VICI',
          isin: 'US9256521090',
          description: 'Buy 1 @ 33.9 USD',
          currency: 'USD',
          amount: '-33.90',
          orderId: '5925',
        }),
      ],
      'Date,Time,Value date,Product,ISIN,Description,FX,Change,,Balance,,Order Id',
    );
    const ids = async (text: string) =>
      allTransactions(await parseDegiroExport(text))
        .map((t) => t.importId)
        .sort();
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

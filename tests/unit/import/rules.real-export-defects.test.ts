/** Defects found on real DEGIRO exports: each case failed before its fix. */
import { describe, expect, it } from 'vitest';
import { parseDegiroExport } from '#src/worker/import';
import { csv, expectEveryLineOnce, only, row } from '#helpers/import/degiro-files';

const PHILIPS = { product: 'KONINKLIJKE PHILIPS NV', isin: 'NL0000009538' };
const PHILIPS_CLAIM = { product: 'KONINKLIJKE PHILIPS NV - NON TRADEABLE', isin: 'NL0015001SA6' };

describe('Verrekening van Aandelen', () => {
  it('is dividend income of the company, booked on its own product when the file has it', async () => {
    const text = csv([
      row({
        date: '10-06-2024',
        time: '07:35',
        ...PHILIPS_CLAIM,
        description: 'Verrekening van Aandelen',
        currency: 'EUR',
        amount: '6,54',
      }),
      row({
        date: '05-06-2024',
        time: '07:10',
        ...PHILIPS,
        description: 'STOCK DIVIDEND: Koop 3 @ 0 EUR',
        currency: 'EUR',
        amount: '0,00',
      }),
      row({
        date: '02-01-2024',
        time: '09:01',
        ...PHILIPS,
        description: 'Koop 100 @ 20,50 EUR',
        currency: 'EUR',
        amount: '-2050,00',
        orderId: 'a1',
      }),
    ]);
    const result = await parseDegiroExport(text);
    expect(result.unrecognised).toEqual([]);
    expect(only(result.transactions.dividend)).toMatchObject({
      value: 6.54,
      currency: 'EUR',
      date: '2024-06-10',
      productKey: 'NL0000009538',
      lines: [2],
    });
    expect(result.products.map((p) => [p.productKey, p.product])).toEqual([['NL0000009538', 'KONINKLIJKE PHILIPS NV']]);
    expectEveryLineOnce(result, text);
  });

  it('stays on the NON TRADEABLE line when the company is not in the file', async () => {
    const text = csv([
      row({
        date: '10-06-2024',
        ...PHILIPS_CLAIM,
        description: 'Verrekening van Aandelen',
        currency: 'EUR',
        amount: '6,54',
      }),
    ]);
    const result = await parseDegiroExport(text);
    expect(only(result.transactions.dividend)).toMatchObject({ value: 6.54, productKey: 'NL0015001SA6' });
  });
});

describe('the French header', () => {
  it('is a DEGIRO account statement, read with decimal commas', async () => {
    const header =
      "Date,Heure,Date de valeur,Produit,Code ISIN,Description,Taux de change,Mutation,,Solde,,ID de l'ordre";
    const text = csv(
      [
        row({
          date: '02-01-2024',
          time: '09:01',
          ...PHILIPS,
          description: 'Achat 1 130 @ 20,50 EUR',
          currency: 'EUR',
          amount: '-23 165,00',
          orderId: 'b2',
        }),
        row({
          date: '02-01-2024',
          time: '09:01',
          ...PHILIPS,
          description: 'Frais de courtage',
          currency: 'EUR',
          amount: '-2,00',
          orderId: 'b2',
        }),
      ],
      header,
    );
    const result = await parseDegiroExport(text);
    expect(result.error).toBeUndefined();
    expect(only(result.transactions.stock)).toMatchObject({ amount: 1130, value: 23165, currency: 'EUR' });
    expect(only(result.transactions.commission)).toMatchObject({ value: 2 });
  });

  it('with `Variation` for the change column too', async () => {
    const header = 'Date,Heure,Date de valeur,Produit,Code ISIN,Description,Taux de change,Variation,,Solde,,ID Ordre';
    const result = await parseDegiroExport(
      csv(
        [row({ date: '02-01-2024', ...PHILIPS, description: 'Achat 2 @ 20,5 EUR', currency: 'EUR', amount: '-41,00' })],
        header,
      ),
    );
    expect(only(result.transactions.stock)).toMatchObject({ amount: 2, value: 41 });
  });
});

describe('split bookings without a buy or sell verb', () => {
  it.each([
    'Stock split 4 for 1',
    'Ajustement fractionnement: 1 pour 4',
    'Aandelensplitsing 1:10',
    'Reverse split 10 for 1',
  ])('skips "%s" as a share split', async (description) => {
    const text = csv([row({ date: '31-08-2020', ...PHILIPS, description, currency: 'EUR', amount: '0,00' })]);
    const result = await parseDegiroExport(text);
    expect(result.unrecognised).toEqual([]);
    expect(result.skipped).toEqual([{ line: 2, reason: 'share split', text: text.split('\n')[1] }]);
  });
});

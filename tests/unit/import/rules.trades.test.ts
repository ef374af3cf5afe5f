/** Trades and their costs: buys and sells, share counts in every format, foreign currencies, corporate actions. */
import { describe, expect, it } from 'vitest';
import { parseDegiroExport } from '#src/worker/import';
import { csv, expectEveryLineOnce, HEADER_EN, only, row } from '#helpers/import/degiro-files';

const VWRL = { product: 'VANGUARD FTSE ALL-WORLD UCITS ETF', isin: 'IE00B3RBWM25' };

describe('trades', () => {
  it('reads "Koop" as a buy: shares from the text before " @", value the absolute amount', async () => {
    const result = await parseDegiroExport(
      csv([
        row({
          date: '15-03-2025',
          time: '10:32',
          ...VWRL,
          description: 'Koop 15 @ 76,50 EUR',
          currency: 'EUR',
          amount: '-1147,50',
        }),
      ]),
    );
    expect(only(result.transactions.stock)).toMatchObject({
      type: 'stock',
      date: '2025-03-15',
      amount: 15,
      value: 1147.5,
      currency: 'EUR',
      ticker: 'VWRL.AS',
    });
  });

  it.each([
    'Verkoop 7 @ 112,40 EUR',
    'Sell 7 @ 112,40 EUR',
    'Vente 7 @ 112,40 EUR',
    'Venta 7 @ 112,40 EUR',
    'Verkauf 7 zu je 112,40 EUR',
    'Venda 7 @ 112,40 EUR',
  ])('makes "%s" a sell: negative shares and negative value', async (description) => {
    const result = await parseDegiroExport(
      csv([row({ date: '15-12-2025', ...VWRL, description, currency: 'EUR', amount: '786,80' })]),
    );
    expect(only(result.transactions.stock)).toMatchObject({ amount: -7, value: -786.8 });
    expect(result.counts.sells).toBe(1);
  });

  it.each([
    ['Koop 0,5432 @ 92,10 EUR', 0.5432, '-50,03'],
    ['Koop 1.234 @ 100,00 EUR', 1234, '-123.400,00'],
    ['Koop 1.234,5 @ 10,00 EUR', 1234.5, '-12.345,00'],
    ['Koop 12 @ 1.234,00 EUR', 12, '-14.808,00'],
  ])('reads the share count of "%s" (Dutch format) as %s', async (description, shares, amount) => {
    const result = await parseDegiroExport(
      csv([row({ date: '02-01-2026', ...VWRL, description, currency: 'EUR', amount })]),
    );
    expect(only(result.transactions.stock).amount).toBe(shares);
  });

  it.each([
    ['Buy 1,094.5 @ 10.00 EUR', 1094.5, '-10945.00'],
    ['Buy 1.234 @ 100.00 EUR', 1.234, '-123.40'],
    ['Buy 1,234 @ 10.00 EUR', 1234, '-12340.00'],
  ])('reads the share count of "%s" (English format) as %s', async (description, shares, amount) => {
    const text = csv([row({ date: '02-01-2026', ...VWRL, description, currency: 'EUR', amount })], HEADER_EN);
    expect(only((await parseDegiroExport(text)).transactions.stock).amount).toBe(shares);
  });

  it('books a GBP trade at the EUR its conversion pair (same Order Id) debited, the pair folded into it', async () => {
    const orderId = '86c1f17b-8a74-4126-af39-61049bcb6e33';
    const aviva = { product: 'AVIVA', isin: 'GB00BPQY8M80' };
    const text = csv([
      row({
        date: '02-04-2024',
        time: '09:00',
        ...aviva,
        description: 'Valuta Creditering',
        fx: '0,8552',
        currency: 'GBP',
        amount: '19,84',
        orderId,
      }),
      row({
        date: '02-04-2024',
        time: '09:00',
        ...aviva,
        description: 'Valuta Debitering',
        currency: 'EUR',
        amount: '-23,20',
        orderId,
      }),
      row({
        date: '02-04-2024',
        time: '09:00',
        ...aviva,
        description: 'DEGIRO Transactiekosten en/of kosten van derden',
        currency: 'EUR',
        amount: '-3,90',
        orderId,
      }),
      row({
        date: '02-04-2024',
        time: '09:00',
        ...aviva,
        description: 'Koop 4 @ 496 GBX',
        currency: 'GBP',
        amount: '-19,84',
        orderId,
      }),
    ]);
    const result = await parseDegiroExport(text);
    expect(only(result.transactions.stock)).toMatchObject({
      amount: 4,
      value: 23.2,
      currency: 'EUR',
      lines: [2, 3, 5],
      ticker: 'AV.L',
    });
    expect(only(result.transactions.commission)).toMatchObject({ value: 3.9, currency: 'EUR', lines: [4] });
    expectEveryLineOnce(result, text);
  });

  it('keeps a USD trade and a GBP one without a conversion in their own currencies (issue 34), the fee booked', async () => {
    const text = csv([
      row({
        date: '01-02-2021',
        ...VWRL,
        description: 'Koop 1 @ 1,2108 USD',
        currency: 'USD',
        amount: '-1,21',
        orderId: 'a',
      }),
      row({
        date: '02-04-2024',
        product: 'AVIVA',
        isin: 'GB00BPQY8M80',
        description: 'DEGIRO Transactiekosten en/of kosten van derden',
        currency: 'EUR',
        amount: '-3,90',
        orderId: 'b',
      }),
      row({
        date: '02-04-2024',
        product: 'AVIVA',
        isin: 'GB00BPQY8M80',
        description: 'Sell 4 AVIVA@496 GBX (GB00BPQY8M80)',
        currency: 'GBP',
        amount: '19,84',
        orderId: 'b',
      }),
    ]);
    const result = await parseDegiroExport(text);
    expect(result.transactions.stock.map((t) => [t.date, t.amount, t.value, t.currency])).toEqual([
      ['2021-02-01', 1, 1.21, 'USD'],
      ['2024-04-02', -4, -19.84, 'GBP'],
    ]);
    expect(only(result.transactions.commission)).toMatchObject({ value: 3.9, lines: [3] });
    expect(result.unrecognised).toEqual([]);
  });

  it('settles a trade and its conversion pair of the same minute when the old export gives no Order Id', async () => {
    const kenadyr = { product: 'KENADYR MINING', isin: 'CA4884931078' };
    const text = csv([
      row({
        date: '08-06-2017',
        time: '15:30',
        ...kenadyr,
        description: 'Währungswechsel (Einbuchung)',
        currency: 'CAD',
        amount: '870,00',
      }),
      row({
        date: '08-06-2017',
        time: '15:30',
        ...kenadyr,
        description: 'Währungswechsel (Ausbuchung)',
        fx: '1,5135',
        currency: 'EUR',
        amount: '-574,92',
      }),
      row({
        date: '08-06-2017',
        time: '15:30',
        ...kenadyr,
        description: 'Kauf 2.000 zu je 0,435 CAD',
        currency: 'CAD',
        amount: '-870,00',
      }),
    ]);
    const result = await parseDegiroExport(text);
    expect(only(result.transactions.stock)).toMatchObject({
      amount: 2000,
      value: 574.92,
      currency: 'EUR',
      lines: [2, 3, 4],
    });
  });

  it("books a product's fees, taxes and stamp duty as commissions, and the account's costs (connection fees, promotions, courtesy) as its fee cash, promotions positive", async () => {
    const text = csv([
      row({
        date: '05-02-2024',
        description: 'DEGIRO Aansluitingskosten 2024 (Nasdaq - NDQ)',
        currency: 'EUR',
        amount: '-2,50',
      }),
      row({
        date: '04-02-2024',
        ...VWRL,
        description: 'DEGIRO Transactiekosten en/of kosten van derden',
        currency: 'EUR',
        amount: '-2,00',
      }),
      row({ date: '04-02-2024', ...VWRL, description: 'Transactiebelasting', currency: 'EUR', amount: '-0,30' }),
      row({
        date: '04-02-2024',
        product: 'AVIVA',
        isin: 'GB00BPQY8M80',
        description: 'London/Dublin Stamp Duty',
        currency: 'EUR',
        amount: '-1,20',
      }),
      row({ date: '03-02-2024', description: 'DEGIRO Verrekening Promotie', currency: 'EUR', amount: '5,00' }),
      row({ date: '02-02-2024', description: 'DEGIRO courtesy', currency: 'EUR', amount: '0,24' }),
    ]);
    const { transactions } = await parseDegiroExport(text);
    // Oldest first; within a minute the lower line of the newest-first file is the later booking.
    expect(transactions.commission.map((t) => [t.value, t.amount, t.productKey])).toEqual([
      [1.2, 1, 'GB00BPQY8M80'],
      [0.3, 1, 'IE00B3RBWM25'],
      [2, 1, 'IE00B3RBWM25'],
    ]);
    expect(transactions.cash.map((c) => [c.kind, c.value, c.date, c.lines])).toEqual([
      ['fee', 0.24, '2024-02-02', [7]],
      ['fee', 5, '2024-02-03', [6]],
      ['fee', -2.5, '2024-02-05', [2]],
    ]);
  });

  it('moves shares at zero value on a product change, and adds the free shares of a stock dividend', async () => {
    const text = csv([
      row({
        date: '14-09-2023',
        product: 'PROSUS NV',
        isin: 'NL0013654783',
        description: 'STOCK DIVIDEND: Koop 999 @ 0 EUR',
        currency: 'EUR',
        amount: '0.00',
      }),
      row({
        date: '23-02-2023',
        time: '04:21',
        product: 'NEW NAME',
        isin: 'AU000000FBR5',
        description: 'PRODUCTWIJZIGING : Koop 500 @ 0,039 EUR',
        currency: 'EUR',
        amount: '0',
      }),
      row({
        date: '23-02-2023',
        time: '02:30',
        product: 'OLD NAME',
        isin: 'AU000000FBR4',
        description: 'PRODUCTWIJZIGING : Verkoop 500 @ 0,039 EUR',
        currency: 'EUR',
        amount: '0',
      }),
    ]);
    const { transactions } = await parseDegiroExport(text);
    expect(transactions.stock.map((t) => [t.productKey, t.amount, t.value])).toEqual([
      ['AU000000FBR4', -500, 0],
      ['AU000000FBR5', 500, 0],
      ['NL0013654783', 999, 0],
    ]);
  });

  it('skips share-split bookings: the market data splits the shares', async () => {
    const text = csv([
      row({ date: '10-06-2024', ...VWRL, description: 'SPLITSING: Koop 20 @ 50 EUR', currency: 'EUR', amount: '0' }),
      row({
        date: '10-06-2024',
        ...VWRL,
        description: 'SPLITSING: Verkoop 10 @ 100 EUR',
        currency: 'EUR',
        amount: '0',
      }),
    ]);
    const result = await parseDegiroExport(text);
    expect(result.transactions.stock).toEqual([]);
    expect(result.skipped.map((s) => s.reason)).toEqual(['share split', 'share split']);
  });

  it('joins the Order Id continuation line to the row it continues', async () => {
    const text = [
      'Datum,Tijd,Valutadatum,Product,ISIN,Omschrijving,FX,Mutatie,,Saldo,,Order Id',
      '15-12-2022,16:55,15-12-2022,VICI PROPERTIES INC. C,US9256521090,Valuta Creditering,"1,0624",USD,"33,90",USD,"0,00",5925d76b-eb36-46e3-',
      ',,,,,,,,,,,b017-a61a6d03c3e7',
      '15-12-2022,16:55,15-12-2022,VICI PROPERTIES INC. C,US9256521090,Valuta Debitering,,EUR,"-31,91",EUR,"0,07",5925d76b-eb36-46e3-b017-a61a6d03c3e7',
      '15-12-2022,16:55,15-12-2022,VICI PROPERTIES INC. C,US9256521090,"Koop 1 @ 33,9 USD",,USD,"-33,90",USD,"-33,90",5925d76b-eb36-46e3-b017-a61a6d03c3e7',
    ].join('\n');
    const result = await parseDegiroExport(text);
    expect(only(result.transactions.stock)).toMatchObject({ value: 31.91, currency: 'EUR', lines: [2, 3, 4, 5] });
    expectEveryLineOnce(result, text);
  });
});

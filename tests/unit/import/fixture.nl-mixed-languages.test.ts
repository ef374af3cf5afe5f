/**
 * `nl-mixed-languages.csv`: 74 data lines in NL, EN, FR, ES, PT, with decimal commas and dots mixed, a
 * wrapped Order Id, mojibake and a trailing space. Every expected value below was worked out by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PRODUCT, type DegiroImport } from '#src/worker/import';
import { expectEveryLineOnce, fixtureText, importFixture, total } from '#helpers/import/degiro-files';

let result: DegiroImport;
beforeAll(async () => {
  result = await importFixture('nl-mixed-languages.csv');
});

const pick = (list: DegiroImport['transactions']['stock']) =>
  list.map(({ date, productKey, amount, value, currency, lines }) => ({
    date,
    productKey,
    amount,
    value,
    currency,
    lines,
  }));

describe('nl-mixed-languages.csv', () => {
  it('accounts for all 74 data lines exactly once, the Order Id continuation (line 19) with its row', () => {
    expect(result.error).toBeUndefined();
    expectEveryLineOnce(result, fixtureText('nl-mixed-languages.csv'));
  });

  it('counts 12 buys, 4 sells, 9 dividends, 8 commissions, 17 cash transactions, 11 skipped and no unrecognised line', () => {
    expect(result.counts).toEqual({
      buys: 12,
      sells: 4,
      dividends: 9,
      commissions: 8,
      cash: { deposit: 2, withdrawal: 1, interest: 1, fee: 7, conversion: 6 },
      skipped: 11,
      unrecognised: 0,
      lines: 74,
    });
  });

  it('reads every trade in every language, sells negative, foreign trades at the EUR of their conversion', () => {
    expect(pick(result.transactions.stock)).toEqual([
      { date: '2019-05-15', productKey: 'IE00B4L5Y983', amount: 6, value: 298.71, currency: 'EUR', lines: [42] }, // Compra (PT), dots
      { date: '2020-07-13', productKey: 'IE00B3RBWM25', amount: 1, value: 79.35, currency: 'EUR', lines: [30] },
      { date: '2021-02-01', productKey: 'US00165C1045', amount: 1, value: 1.2108, currency: 'USD', lines: [37] }, // no conversion: stays USD
      { date: '2021-02-16', productKey: 'AU000000FBR4', amount: 500, value: 19.5, currency: 'EUR', lines: [32] },
      {
        date: '2021-08-10',
        productKey: 'CA0641491075',
        amount: -1,
        value: -54.57,
        currency: 'EUR',
        lines: [26, 27, 29],
      }, // sell, EUR credited
      {
        date: '2022-12-15',
        productKey: 'US9256521090',
        amount: 1,
        value: 31.91,
        currency: 'EUR',
        lines: [18, 19, 20, 22],
      }, // wrapped Order Id
      { date: '2023-02-23', productKey: 'AU000000FBR4', amount: -500, value: 0, currency: 'EUR', lines: [35] }, // product change, out
      { date: '2023-02-23', productKey: 'AU000000FBR4', amount: 500, value: 0, currency: 'EUR', lines: [34] }, // product change, in
      { date: '2023-04-03', productKey: 'IE00B3RBWM25', amount: 1, value: 97.93, currency: 'EUR', lines: [31] },
      { date: '2023-07-25', productKey: 'IE00B0M63391', amount: 1, value: 42.53, currency: 'EUR', lines: [41] },
      { date: '2023-08-01', productKey: 'IE00BYXG2H39', amount: -1, value: -5.42, currency: 'EUR', lines: [39] },
      { date: '2023-09-14', productKey: 'NL0013654783', amount: 999, value: 0, currency: 'EUR', lines: [65] }, // STOCK DIVIDEND: free shares
      { date: '2024-01-02', productKey: 'IE00B4L5Y983', amount: 1, value: 82.06, currency: 'EUR', lines: [44] },
      { date: '2024-03-08', productKey: 'JP3633400001', amount: 30, value: 9999.99, currency: 'EUR', lines: [69] },
      { date: '2024-03-11', productKey: 'FI4000198031', amount: 6, value: 479.76, currency: 'EUR', lines: [50] }, // Achat (FR)
      { date: '2024-04-02', productKey: 'GB00BPQY8M80', amount: -4, value: -19.84, currency: 'GBP', lines: [56] }, // no conversion: stays GBP
    ]);
  });

  it('nets dividend taxes out of the cash received and converts the three USD dividends of 16-12-2022 with the one conversion that follows', () => {
    expect(pick(result.transactions.dividend)).toEqual([
      // 0,37 + 0,37 + 0,62 USD = 1,36 USD converted to 1,28 EUR (line 6-7), split in proportion to the cent.
      { date: '2022-12-16', productKey: 'US18539C2044', amount: 1, value: 0.58, currency: 'EUR', lines: [14, 15] },
      { date: '2022-12-16', productKey: 'US56035L1044', amount: 1, value: 0.35, currency: 'EUR', lines: [12, 13] },
      {
        date: '2022-12-16',
        productKey: 'US1912161007',
        amount: 1,
        value: 0.35,
        currency: 'EUR',
        lines: [6, 7, 10, 11],
      },
      { date: '2024-01-02', productKey: 'IE0031442068', amount: 1, value: 11.82, currency: 'USD', lines: [33] }, // Dividende
      { date: '2024-02-02', productKey: 'US00206R1023', amount: 1, value: 1.39, currency: 'USD', lines: [48] },
      { date: '2024-03-18', productKey: 'US7561091049', amount: 1, value: 0.36, currency: 'USD', lines: [51, 52] }, // 0,51 − 0,15 (Impôts)
      { date: '2024-05-27', productKey: 'JP3633400001', amount: 1, value: 0, currency: 'JPY', lines: [66, 67] }, // all withheld
      { date: '2024-08-01', productKey: 'US69181V1070', amount: 1, value: 2.97, currency: 'USD', lines: [60, 61] }, // 3,50 − 0,53, a minute apart
      { date: '2024-12-30', productKey: 'IE00BYPC1H27', amount: 1, value: 0.23, currency: 'USD', lines: [74] },
    ]);
  });

  it("keeps each dividend's withholding tax (Dividendbelasting, Impôts sur dividende) as its tax, in the currency of its value", () => {
    expect(
      result.transactions.dividend.map(({ productKey, value, tax, currency }) => ({
        productKey,
        value,
        tax,
        currency,
      })),
    ).toEqual([
      // Converted with the dividend: 0,11 USD × 0,58 EUR / 0,62 USD, to the cent.
      { productKey: 'US18539C2044', value: 0.58, tax: 0.1, currency: 'EUR' },
      { productKey: 'US56035L1044', value: 0.35, tax: 0.07, currency: 'EUR' }, // 0,07 × 0,35 / 0,37
      { productKey: 'US1912161007', value: 0.35, tax: 0.07, currency: 'EUR' },
      { productKey: 'IE0031442068', value: 11.82, tax: undefined, currency: 'USD' }, // no tax row: no tax
      { productKey: 'US00206R1023', value: 1.39, tax: undefined, currency: 'USD' },
      { productKey: 'US7561091049', value: 0.36, tax: 0.15, currency: 'USD' },
      { productKey: 'JP3633400001', value: 0, tax: 9999.99, currency: 'JPY' }, // the tax took all of it: kept in JPY
      { productKey: 'US69181V1070', value: 2.97, tax: 0.53, currency: 'USD' },
      { productKey: 'IE00BYPC1H27', value: 0.23, tax: undefined, currency: 'USD' },
    ]);
  });

  it("books a product's fees in four languages as commissions, and the connection fees, corporate-action costs and courtesy refunds as the account's fees", () => {
    const { commission, cash } = result.transactions;
    // The account's costs were 10,00 EUR of connection fees less 0,85 EUR of courtesy, and 0,01 USD.
    expect(total(commission.filter((t) => t.currency === 'EUR'))).toBe(10010.39); // 10019,54 − 10,00 + 0,85
    expect(commission.filter((t) => t.productKey === ACCOUNT_PRODUCT)).toEqual([]);
    const fees = cash.filter((c) => c.kind === 'fee');
    expect(fees.filter((c) => c.value > 0).map((c) => [c.lines, c.value])).toEqual([
      [[64], 0.61],
      [[63], 0.24],
    ]);
    expect(
      fees
        .filter((c) => c.value === -2.5)
        .flatMap((c) => c.lines)
        .sort(),
    ).toEqual([45, 46, 47, 62]);
    expect(fees.filter((c) => c.currency === 'USD').map((c) => [c.date, c.value, c.lines])).toEqual([
      ['2024-10-04', -0.01, [57]],
    ]);
  });

  it('books deposits, the withdrawal, interest and unmatched conversions as cash; skips cash sweeps, reservations and money-market conversions by name', () => {
    const byKind: Record<string, number[]> = {};
    for (const { lines, kind } of result.transactions.cash) if (kind !== 'fee') (byKind[kind] ??= []).push(...lines);
    expect(
      Object.fromEntries(Object.entries(byKind).map(([kind, lines]) => [kind, lines.sort((a, b) => a - b)])),
    ).toEqual({
      deposit: [4, 55],
      withdrawal: [25],
      interest: [70],
      conversion: [53, 54, 58, 59, 72, 73],
    });
    const byReason: Record<string, number[]> = {};
    for (const { line, reason } of result.skipped) (byReason[reason] ??= []).push(line);
    expect(byReason).toEqual({
      // Line 24, `Processed Flatex Withdrawal` of +15,10, is the bank side paying the withdrawal of line 25.
      'cash sweep': [2, 3, 8, 9, 16, 17, 24, 75],
      reservation: [5, 23],
      'money-market fund': [71],
    });
  });

  it('keeps the GBP sell without a conversion in GBP (issue 34): no line is unrecognised', () => {
    expect(result.unrecognised).toEqual([]);
    expect(result.transactions.stock.find((t) => t.lines.includes(56))).toMatchObject({
      currency: 'GBP',
      value: -19.84,
    });
  });

  it('gives each product its own ticker from the shipped table, and names the newest spelling', () => {
    const byKey = new Map(result.products.map((p) => [p.productKey, p]));
    expect(byKey.get('IE00B3RBWM25')).toMatchObject({
      product: 'VANGUARD FTSE AW',
      ticker: 'VWRL.AS',
      source: 'table',
    });
    expect(byKey.get('AU000000FBR4')).toMatchObject({ product: 'FBR LTD', ticker: 'FBR.AX', source: 'table' });
    expect(byKey.get('IE00B0M63391')).toMatchObject({ ticker: null, source: null });
    // The account's costs are no product: they are its fees.
    expect(byKey.has(ACCOUNT_PRODUCT)).toBe(false);
    expect(result.products).toHaveLength(20);
    const tickers = new Set(result.transactions.stock.map((t) => t.ticker).filter((t) => t !== ''));
    expect(tickers.size).toBeGreaterThan(5);
  });
});

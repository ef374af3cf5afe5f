/** Dividends: withholding tax netted, conversions to EUR, reversals, and what is not a dividend's conversion. */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet } from '#src/model';
import { validateTransactionsBody } from '#src/model/transaction-schema';
import { applyTickers, mergeImported, parseDegiroExport } from '#src/worker/import';
import { csv, expectEveryLineOnce, only, row } from '#helpers/import/degiro-files';

const KO = { product: 'COCA-COLA COMPANY (THE', isin: 'US1912161007' };
const MAIN = { product: 'MAIN STREET CAPITAL CO', isin: 'US56035L1044' };

describe('dividends', () => {
  it("keeps the withholding tax as the dividend's tax, the value being the cash received, in the currency received", async () => {
    const text = csv([
      row({
        date: '16-12-2022',
        time: '09:05',
        ...KO,
        description: 'Dividendbelasting',
        currency: 'USD',
        amount: '-1,50',
      }),
      row({ date: '16-12-2022', time: '09:05', ...KO, description: 'Dividend', currency: 'USD', amount: '10,00' }),
    ]);
    const result = await parseDegiroExport(text);
    expect(only(result.transactions.dividend)).toMatchObject({
      type: 'dividend',
      amount: 1,
      value: 8.5,
      tax: 1.5,
      currency: 'USD',
      date: '2022-12-16',
      lines: [2, 3],
    });
    expectEveryLineOnce(result, text);
  });

  it('gives a dividend without a tax row no tax at all', async () => {
    const text = csv([
      row({ date: '16-12-2022', time: '09:05', ...KO, description: 'Dividend', currency: 'USD', amount: '10,00' }),
    ]);
    expect('tax' in only((await parseDegiroExport(text)).transactions.dividend)).toBe(false);
  });

  it('converts the tax with its dividend, at the rate the conversion gave the cash', async () => {
    const text = csv([
      row({ date: '17-12-2022', time: '08:37', description: 'Valuta Creditering', currency: 'EUR', amount: '7,80' }),
      row({
        date: '17-12-2022',
        time: '08:37',
        description: 'Valuta Debitering',
        fx: '1,0897',
        currency: 'USD',
        amount: '-8,50',
      }),
      row({
        date: '16-12-2022',
        time: '09:05',
        ...KO,
        description: 'Dividendbelasting',
        currency: 'USD',
        amount: '-1,50',
      }),
      row({ date: '16-12-2022', time: '09:05', ...KO, description: 'Dividend', currency: 'USD', amount: '10,00' }),
    ]);
    // 1,50 USD × 7,80 EUR / 8,50 USD = 1,3765 → 1,38 EUR.
    expect(only((await parseDegiroExport(text)).transactions.dividend)).toMatchObject({
      value: 7.8,
      tax: 1.38,
      currency: 'EUR',
    });
  });

  it('sums several tax rows of one dividend, and leaves a refund that outweighs them in the cash with no tax', async () => {
    const text = csv([
      row({
        date: '03-06-2024',
        time: '10:00',
        ...KO,
        description: 'Dividendbelasting',
        currency: 'EUR',
        amount: '2,00',
      }),
      row({
        date: '02-06-2024',
        time: '09:00',
        ...KO,
        description: 'Dividendbelasting',
        currency: 'EUR',
        amount: '-0,75',
      }),
      row({
        date: '02-06-2024',
        time: '09:00',
        ...KO,
        description: 'Dividendbelasting',
        currency: 'EUR',
        amount: '-0,25',
      }),
      row({ date: '02-06-2024', time: '09:00', ...KO, description: 'Dividend', currency: 'EUR', amount: '5,00' }),
    ]);
    const { dividend } = (await parseDegiroExport(text)).transactions;
    expect(dividend.map(({ date, value, tax }) => ({ date, value, tax }))).toEqual([
      { date: '2024-06-02', value: 4, tax: 1 },
      { date: '2024-06-03', value: 2, tax: 0 },
    ]);
  });

  it('turns a dividend and the conversion pair that follows it into the EUR actually credited', async () => {
    const text = csv([
      row({ date: '30-09-2025', time: '15:00', description: 'Valuta Creditering', currency: 'EUR', amount: '18,62' }),
      row({
        date: '30-09-2025',
        time: '15:00',
        description: 'Valuta Debitering',
        fx: '1,0920',
        currency: 'USD',
        amount: '-20,33',
      }),
      row({
        date: '30-09-2025',
        time: '15:00',
        product: 'ISHARES CORE MSCI WORLD',
        isin: 'IE00B4L5Y983',
        description: 'Dividend',
        currency: 'USD',
        amount: '20,33',
      }),
    ]);
    const result = await parseDegiroExport(text);
    expect(only(result.transactions.dividend)).toMatchObject({
      amount: 1,
      value: 18.62,
      currency: 'EUR',
      lines: [2, 3, 4],
    });
    expect(result.skipped).toEqual([]);
  });

  it('settles a dividend with the conversion of the same minute even when the file lists the conversion first', async () => {
    const text = csv([
      row({
        date: '30-09-2025',
        time: '15:00',
        product: 'ISHARES CORE MSCI WORLD',
        isin: 'IE00B4L5Y983',
        description: 'Dividend',
        currency: 'USD',
        amount: '20,33',
      }),
      row({
        date: '30-09-2025',
        time: '15:00',
        description: 'Valuta Debitering',
        fx: '1,0920',
        currency: 'USD',
        amount: '-20,33',
      }),
      row({ date: '30-09-2025', time: '15:00', description: 'Valuta Creditering', currency: 'EUR', amount: '18,62' }),
    ]);
    expect(only((await parseDegiroExport(text)).transactions.dividend)).toMatchObject({
      value: 18.62,
      currency: 'EUR',
      lines: [2, 3, 4],
    });
  });

  it('splits one conversion of several dividends in proportion, the parts adding up to the EUR credited', async () => {
    const text = csv(
      [
        row({ date: '17-12-2022', time: '08:37', description: 'FX Credit', currency: 'EUR', amount: '10.01' }),
        row({
          date: '17-12-2022',
          time: '08:37',
          description: 'FX Debit',
          fx: '1.0613',
          currency: 'USD',
          amount: '-10.62',
        }),
        row({ date: '16-12-2022', time: '09:05', ...KO, description: 'Dividend', currency: 'USD', amount: '3.54' }),
        row({ date: '16-12-2022', time: '09:03', ...MAIN, description: 'Dividend', currency: 'USD', amount: '7.08' }),
      ],
      'Date,Time,Value date,Product,ISIN,Description,FX,Change,,Balance,,Order Id',
    );
    const { transactions } = await parseDegiroExport(text);
    const values = transactions.dividend.map((t) => t.value);
    expect(values).toEqual([6.67, 3.34]); // 10,01 × 2/3 and 10,01 × 1/3, the leftover cent to the larger remainder
    expect(values[0]! + values[1]!).toBeCloseTo(10.01, 10);
    expect(transactions.dividend.every((t) => t.currency === 'EUR')).toBe(true);
  });

  it('lets two conversions of one morning together convert the dividend group they came from', async () => {
    const text = csv([
      row({ date: '03-05-2024', time: '06:31', description: 'Valuta Creditering', currency: 'EUR', amount: '4,63' }),
      row({
        date: '03-05-2024',
        time: '06:31',
        description: 'Valuta Debitering',
        fx: '1,0800',
        currency: 'USD',
        amount: '-5,00',
      }),
      row({ date: '03-05-2024', time: '06:30', description: 'Valuta Creditering', currency: 'EUR', amount: '2,78' }),
      row({
        date: '03-05-2024',
        time: '06:30',
        description: 'Valuta Debitering',
        fx: '1,0800',
        currency: 'USD',
        amount: '-3,00',
      }),
      row({ date: '02-05-2024', time: '07:01', ...KO, description: 'Dividend', currency: 'USD', amount: '5,00' }),
      row({ date: '02-05-2024', time: '07:00', ...KO, description: 'Dividend', currency: 'USD', amount: '3,00' }),
    ]);
    const result = await parseDegiroExport(text);
    expect(only(result.transactions.dividend)).toMatchObject({
      value: 7.41,
      currency: 'EUR',
      lines: [2, 3, 4, 5, 6, 7],
    });
    expect(result.skipped).toEqual([]);
  });

  it('nets a dividend booked, reversed and booked again with a corrected tax', async () => {
    const text = csv([
      row({
        date: '07-11-2022',
        time: '09:59',
        ...KO,
        description: 'Dividendbelasting',
        currency: 'EUR',
        amount: '-1,00',
      }),
      row({ date: '07-11-2022', time: '09:59', ...KO, description: 'Dividend', currency: 'EUR', amount: '10,00' }),
      row({
        date: '07-11-2022',
        time: '09:59',
        ...KO,
        description: 'Dividendbelasting',
        currency: 'EUR',
        amount: '3,00',
      }),
      row({ date: '07-11-2022', time: '09:59', ...KO, description: 'Dividend', currency: 'EUR', amount: '-10,00' }),
      row({
        date: '02-11-2022',
        time: '08:00',
        ...KO,
        description: 'Dividendbelasting',
        currency: 'EUR',
        amount: '-3,00',
      }),
      row({ date: '02-11-2022', time: '08:00', ...KO, description: 'Dividend', currency: 'EUR', amount: '10,00' }),
    ]);
    const result = await parseDegiroExport(text);
    expect(result.transactions.dividend.map((t) => [t.date, t.value, t.tax])).toEqual([
      // The correction of 07-11 refunds 2,00 of the tax of 02-11: the dividend's tax is 1,00 in the end.
      ['2022-11-02', 9, 1],
    ]);
    // What was finally received: 10,00 − 1,00.
    expect(result.transactions.dividend.reduce((sum, t) => sum + t.value, 0)).toBe(9);
    expectEveryLineOnce(result, text);
  });

  it('keeps a dividend whose tax takes all of it: value 0, the tax its gross (Dividend and Dividendbelasting of equal size)', async () => {
    const text = csv([
      row({
        date: '16-05-2024',
        time: '07:10',
        ...KO,
        description: 'Dividendbelasting',
        currency: 'USD',
        amount: '-4,60',
      }),
      row({ date: '16-05-2024', time: '07:10', ...KO, description: 'Dividend', currency: 'USD', amount: '4,60' }),
      row({
        date: '02-04-2024',
        time: '08:00',
        product: 'ASML HOLDING',
        isin: 'NL0010273215',
        description: 'Dividend',
        currency: 'EUR',
        amount: '1,52',
      }),
      row({
        date: '02-04-2024',
        time: '08:00',
        product: 'ASML HOLDING',
        isin: 'NL0010273215',
        description: 'Dividendbelasting',
        currency: 'EUR',
        amount: '-1,52',
      }),
    ]);
    const result = await parseDegiroExport(text);
    expect(
      result.transactions.dividend.map(({ date, value, tax, currency }) => ({ date, value, tax, currency })),
    ).toEqual([
      { date: '2024-04-02', value: 0, tax: 1.52, currency: 'EUR' },
      { date: '2024-05-16', value: 0, tax: 4.6, currency: 'USD' },
    ]);
    expect(result.skipped).toEqual([]);
    expect(result.counts.dividends).toBe(2);
    expectEveryLineOnce(result, text);
    // The server stores it: its validation (the same schema) accepts a dividend of value 0 with its tax.
    const merged = mergeImported(
      emptyTransactionSet(),
      applyTickers(result, { US1912161007: 'KO', NL0010273215: 'ASML.AS' }),
    ).merged;
    expect(validateTransactionsBody({ transactions: merged })).toMatchObject({ ok: true });
  });

  it('gives a tax refund of a later day (a positive Dividendbelasting alone) to the dividend whose tax it returns, in the year it was paid', async () => {
    const text = csv([
      row({
        date: '14-03-2024',
        time: '11:00',
        ...MAIN,
        description: 'Dividendbelasting',
        currency: 'EUR',
        amount: '1,00',
      }),
      row({
        date: '20-02-2024',
        time: '09:00',
        ...KO,
        description: 'Dividendbelasting',
        currency: 'EUR',
        amount: '5,00',
      }),
      row({
        date: '15-12-2023',
        time: '07:00',
        ...KO,
        description: 'Dividendbelasting',
        currency: 'EUR',
        amount: '-15,00',
      }),
      row({ date: '15-12-2023', time: '07:00', ...KO, description: 'Dividend', currency: 'EUR', amount: '100,00' }),
    ]);
    const result = await parseDegiroExport(text);
    // Coca-Cola's 2023 dividend: gross 100, finally 10 withheld; MAIN STREET's refund has no dividend in the file: received in 2024, no tax.
    expect(
      result.transactions.dividend.map(({ date, value, tax, productKey, lines }) => ({
        date,
        value,
        tax,
        productKey,
        lines,
      })),
    ).toEqual([
      { date: '2023-12-15', value: 90, tax: 10, productKey: 'US1912161007', lines: [3, 4, 5] },
      { date: '2024-03-14', value: 1, tax: 0, productKey: 'US56035L1044', lines: [2] },
    ]);
    expectEveryLineOnce(result, text);

    const tickers = { US1912161007: 'KO', US56035L1044: 'MAIN' };
    const refundOnly = applyTickers(await parseDegiroExport(csv([text.split('\n')[2]!])), tickers);
    const dividendOnly = applyTickers(
      await parseDegiroExport(csv([text.split('\n')[3]!, text.split('\n')[4]!])),
      tickers,
    );
    const both = applyTickers(result, tickers);
    const final = (set: ReturnType<typeof emptyTransactionSet>) =>
      set.dividend.map(({ date, value, tax }) => ({ date, value, tax }));
    const expected = [
      { date: '2023-12-15', value: 90, tax: 10 },
      { date: '2024-03-14', value: 1, tax: 0 },
    ];
    // Exports of overlapping periods, in any order: the refund counts once, in the dividend it returns.
    for (const order of [
      [dividendOnly, both],
      [refundOnly, both],
      [both, refundOnly],
      [both, dividendOnly],
      [dividendOnly, refundOnly, both],
    ]) {
      let set = emptyTransactionSet();
      for (const file of order) set = mergeImported(set, file).merged;
      if (order.includes(both)) expect(final(set)).toEqual(expected);
    }
    const again = mergeImported(mergeImported(emptyTransactionSet(), dividendOnly).merged, both);
    expect(again).toMatchObject({ added: 1, taxFilled: 1 });
  });

  it('still skips a dividend that a reversal cancels, and one whose tax takes all of it in a code that is no ISO 4217 currency', async () => {
    const text = csv([
      row({
        date: '27-05-2024',
        time: '07:41',
        product: 'TOYOTA MOTOR CORP',
        isin: 'JP3633400001',
        description: 'Dividend',
        currency: 'CNH',
        amount: '2500',
      }),
      row({
        date: '27-05-2024',
        time: '07:41',
        product: 'TOYOTA MOTOR CORP',
        isin: 'JP3633400001',
        description: 'Dividendbelasting',
        currency: 'CNH',
        amount: '-2500',
      }),
      row({ date: '03-04-2024', time: '09:00', ...KO, description: 'Dividend', currency: 'EUR', amount: '-3,00' }),
      row({ date: '03-04-2024', time: '09:00', ...KO, description: 'Dividend', currency: 'EUR', amount: '3,00' }),
    ]);
    const result = await parseDegiroExport(text);
    expect(result.transactions.dividend).toEqual([]);
    expect(result.skipped.map((s) => [s.line, s.reason])).toEqual([
      [2, 'dividend nets to zero'],
      [3, 'dividend nets to zero'],
      [4, 'dividend nets to zero'],
      [5, 'dividend nets to zero'],
    ]);
  });

  it('converts a JPY dividend with its conversion pair to EUR, and keeps one without a pair in JPY (issue 34)', async () => {
    const withPair = csv([
      row({ date: '28-05-2024', time: '06:30', description: 'Valuta Creditering', currency: 'EUR', amount: '12,35' }),
      row({
        date: '28-05-2024',
        time: '06:30',
        description: 'Valuta Debitering',
        fx: '170,04',
        currency: 'JPY',
        amount: '-2100',
      }),
      row({
        date: '27-05-2024',
        time: '07:41',
        product: 'TOYOTA MOTOR CORP',
        isin: 'JP3633400001',
        description: 'Dividendbelasting',
        currency: 'JPY',
        amount: '-400',
      }),
      row({
        date: '27-05-2024',
        time: '07:41',
        product: 'TOYOTA MOTOR CORP',
        isin: 'JP3633400001',
        description: 'Dividend',
        currency: 'JPY',
        amount: '2500',
      }),
    ]);
    const converted = await parseDegiroExport(withPair);
    expect(only(converted.transactions.dividend)).toMatchObject({ value: 12.35, currency: 'EUR', lines: [2, 3, 4, 5] });

    const withoutPair = csv(withPair.trim().split('\n').slice(3));
    const result = await parseDegiroExport(withoutPair);
    expect(only(result.transactions.dividend)).toMatchObject({ value: 2100, tax: 400, currency: 'JPY', lines: [2, 3] });
    expect(result.unrecognised).toEqual([]);
  });

  it('takes an ADR/GDR fee out of the dividend it comes with, and books a lone one as a commission', async () => {
    const sony = { product: 'SONY CORPORATION COMMO', isin: 'US8356993076' };
    const text = csv([
      row({
        date: '06-06-2019',
        time: '09:00',
        ...sony,
        description: 'ADR/GDR Weitergabegebühr',
        currency: 'USD',
        amount: '-0,04',
      }),
      row({
        date: '06-06-2019',
        time: '09:00',
        ...sony,
        description: 'Dividendensteuer',
        currency: 'USD',
        amount: '-0,06',
      }),
      row({ date: '06-06-2019', time: '09:00', ...sony, description: 'Dividende', currency: 'USD', amount: '0,37' }),
      row({
        date: '28-04-2022',
        time: '15:33',
        ...sony,
        description: 'ADR/GDR Pass-Through Fee',
        currency: 'USD',
        amount: '-0,01',
      }),
    ]);
    const { transactions } = await parseDegiroExport(text);
    expect(only(transactions.dividend)).toMatchObject({ value: 0.27, currency: 'USD', lines: [2, 3, 4] });
    expect(only(transactions.commission)).toMatchObject({ value: 0.01, currency: 'USD', lines: [5] });
  });

  it('never takes the conversion pair of a trade (same Order Id) for a dividend', async () => {
    const orderId = '5925d76b-eb36-46e3-b017-a61a6d03c3e7';
    const vici = { product: 'VICI PROPERTIES INC. C', isin: 'US9256521090' };
    const text = csv([
      row({
        date: '15-12-2022',
        time: '16:55',
        ...vici,
        description: 'Valuta Creditering',
        fx: '1,0624',
        currency: 'USD',
        amount: '33,90',
        orderId,
      }),
      row({
        date: '15-12-2022',
        time: '16:55',
        ...vici,
        description: 'Valuta Debitering',
        currency: 'EUR',
        amount: '-31,91',
        orderId,
      }),
      row({
        date: '15-12-2022',
        time: '16:55',
        ...vici,
        description: 'Koop 1 @ 33,9 USD',
        currency: 'USD',
        amount: '-33,90',
        orderId,
      }),
      // A dividend of the same amount the same day: the pair above is the trade's, not its.
      row({ date: '15-12-2022', time: '09:00', ...KO, description: 'Dividend', currency: 'USD', amount: '-33,90' }),
    ]);
    const { transactions } = await parseDegiroExport(text);
    expect(only(transactions.stock)).toMatchObject({ amount: 1, value: 31.91, currency: 'EUR', lines: [2, 3, 4] });
    expect(only(transactions.dividend)).toMatchObject({ value: -33.9, currency: 'USD', lines: [5] });
  });

  it('books a conversion that matches no dividend of the weeks before it as its two conversion legs, one per currency', async () => {
    const text = csv([
      row({
        date: '19-06-2024',
        time: '06:53',
        description: 'Ingreso Cambio de Divisa',
        currency: 'EUR',
        amount: '0,79',
      }),
      row({
        date: '19-06-2024',
        time: '06:53',
        description: 'Retirada Cambio de Divisa',
        fx: '1,0767',
        currency: 'USD',
        amount: '-0,85',
      }),
      row({ date: '18-03-2024', time: '08:38', ...KO, description: 'Dividendo', currency: 'USD', amount: '0,85' }),
    ]);
    const result = await parseDegiroExport(text);
    expect(only(result.transactions.dividend)).toMatchObject({ value: 0.85, currency: 'USD' });
    expect(result.skipped).toEqual([]);
    expect(result.transactions.cash.map((c) => [c.lines, c.kind, c.value, c.currency, c.date])).toEqual([
      [[3], 'conversion', -0.85, 'USD', '2024-06-19'],
      [[2], 'conversion', 0.79, 'EUR', '2024-06-19'],
    ]);
  });
});

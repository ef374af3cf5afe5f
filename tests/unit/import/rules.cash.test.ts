/**
 * The DEGIRO statement's cash lines (SEMANTICS.md "Cash", docs/data-formats.md): each rule on the real
 * wording, and the statement's own check (SEMANTICS.md "Statements reconciled") on its running balance.
 */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet } from '#src/model';
import { mergeImported, parseDegiroExport, type DegiroImport } from '#src/worker/import';
import { csv, expectEveryLineOnce, only, row } from '#helpers/import/degiro-files';

const BANK = { product: 'FLATEX EURO BANKACCOUNT', isin: 'NLFLATEXACNT' };
const FUND = { product: 'MORGAN STANLEY EUR LIQUIDITY FUND', isin: 'LU1959429272' };

const cashOf = (result: DegiroImport) =>
  result.transactions.cash.map((c) => [c.lines, c.kind, c.value, c.currency, c.date]);

async function parsed(rows: string[]): Promise<DegiroImport> {
  const text = csv(rows);
  const result = await parseDegiroExport(text);
  expectEveryLineOnce(result, text);
  return result;
}

describe('cash lines of a DEGIRO statement', () => {
  it('books deposits in every language the importer reads as deposits, valued at their mutation', async () => {
    const wordings = [
      'iDEAL storting',
      'iDEAL Deposit',
      'flatex Storting',
      'SOFORT Einzahlung',
      'Einzahlung',
      'Versement de fonds',
      'Ingreso',
      'Depósito',
    ];
    const result = await parsed(
      wordings.map((description, i) =>
        row({
          date: `${String(20 - i).padStart(2, '0')}-01-2024`,
          description,
          currency: 'EUR',
          amount: `${100 + i},00`,
        }),
      ),
    );
    expect(result.transactions.cash.map((c) => [c.kind, c.value])).toEqual(
      wordings.map((_, i) => ['deposit', 100 + wordings.length - 1 - i]),
    );
    expect(result.skipped).toEqual([]);
  });

  it('books withdrawals negative; a positive "Processed Flatex Withdrawal" is the bank paying the one beside it, booked as nothing', async () => {
    const result = await parsed([
      row({
        date: '26-08-2022',
        time: '13:30',
        description: 'Processed Flatex Withdrawal',
        currency: 'EUR',
        amount: '15,10',
        balance: '0,36',
      }),
      row({
        date: '26-08-2022',
        time: '13:30',
        description: 'flatex terugstorting',
        currency: 'EUR',
        amount: '-15,10',
        balance: '-14,74',
      }),
      row({ date: '20-08-2022', description: 'Auszahlung', currency: 'EUR', amount: '-100,00', balance: '0,36' }),
      row({ date: '19-08-2022', description: 'iDEAL storting', currency: 'EUR', amount: '100,36', balance: '100,36' }),
    ]);
    expect(cashOf(result)).toEqual([
      [[5], 'deposit', 100.36, 'EUR', '2022-08-19'],
      [[4], 'withdrawal', -100, 'EUR', '2022-08-20'],
      [[3], 'withdrawal', -15.1, 'EUR', '2022-08-26'],
    ]);
    expect(result.skipped.map((s) => [s.line, s.reason])).toEqual([[2, 'cash sweep']]);
    expect(result.reconciliation).toEqual([
      { currency: 'EUR', status: 'reconciled', startsMidway: false, openingCents: 0, days: 3 },
    ]);
  });

  it('books a deposit or withdrawal by its sign (a reversed deposit is money out), and skips one of 0', async () => {
    const result = await parsed([
      row({ date: '04-01-2024', description: 'Auszahlung', currency: 'EUR', amount: '0,00' }),
      row({ date: '03-01-2024', description: 'Auszahlung', currency: 'EUR', amount: '25,00' }),
      row({ date: '02-01-2024', description: 'iDEAL storting', currency: 'EUR', amount: '-40,00' }),
    ]);
    expect(result.transactions.cash.map((c) => [c.lines, c.kind, c.value])).toEqual([
      [[4], 'withdrawal', -40],
      [[3], 'deposit', 25],
    ]);
    expect(result.skipped.map((s) => [s.line, s.reason])).toEqual([[2, 'no money moved']]);
  });

  it("books interest of either sign, and a money-market fund's gain or loss (a mutation without a buy or sell), as interest", async () => {
    const result = await parsed([
      row({ date: '05-01-2026', description: 'Flatex Interest Income', currency: 'EUR', amount: '0,01' }),
      row({ date: '30-06-2025', description: 'Flatex Interest', currency: 'EUR', amount: '-0,41' }),
      row({ date: '31-12-2020', description: 'Zinsen', currency: 'EUR', amount: '0,05' }),
      row({ date: '28-02-2019', description: 'DEGIRO Geldmarktfondsen Compensatie', currency: 'EUR', amount: '0,02' }),
      row({
        date: '31-01-2019',
        ...FUND,
        description: 'Koersverandering geldmarktfonds (EUR)',
        currency: 'EUR',
        amount: '-0,03',
      }),
    ]);
    expect(result.transactions.cash.map((c) => [c.kind, c.value])).toEqual([
      ['interest', -0.03],
      ['interest', 0.02],
      ['interest', 0.05],
      ['interest', -0.41],
      ['interest', 0.01],
    ]);
  });

  it("books the account's costs (exchange connection fees) as its fee, never as a DEGIRO-COSTS ticker", async () => {
    const result = await parsed([
      row({
        date: '05-02-2024',
        time: '07:16',
        valueDate: '31-01-2024',
        description: 'DEGIRO Aansluitingskosten 2024 (Xetra - XET)',
        currency: 'EUR',
        amount: '-2,50',
      }),
    ]);
    expect(cashOf(result)).toEqual([[[2], 'fee', -2.5, 'EUR', '2024-02-05']]);
    expect(result.transactions.commission).toEqual([]);
    expect(result.products).toEqual([]);
  });

  it('books a conversion that settles nothing in the file as one conversion per currency, and one in a code that is no ISO 4217 currency as nothing, naming why', async () => {
    const result = await parsed([
      row({ date: '01-01-2025', time: '06:46', description: 'FX Credit', currency: 'EUR', amount: '12,28' }),
      row({
        date: '01-01-2025',
        time: '06:46',
        description: 'FX Debit',
        fx: '1,0379',
        currency: 'USD',
        amount: '-12,75',
      }),
      row({
        date: '15-06-2023',
        time: '16:40',
        description: 'Valuta Creditering',
        fx: '7,8541',
        currency: 'CNH',
        amount: '118,47',
      }),
      row({ date: '15-06-2023', time: '16:40', description: 'Valuta Debitering', currency: 'EUR', amount: '-15,09' }),
    ]);
    expect(cashOf(result)).toEqual([
      [[3], 'conversion', -12.75, 'USD', '2025-01-01'],
      [[2], 'conversion', 12.28, 'EUR', '2025-01-01'],
    ]);
    // Neither leg of the CNH (offshore yuan, no ISO 4217 code) conversion is stored: half a conversion would be cash that never was.
    const reason =
      'a currency conversion in CNH, which is not an ISO 4217 currency code, so this line is not imported (nothing of it is stored)';
    expect(result.unrecognised.map((u) => [u.line, u.reason])).toEqual([
      [4, reason],
      [5, reason],
    ]);
    const merged = mergeImported(emptyTransactionSet(), result).merged;
    expect(merged.cash!.map((c) => c.currency)).toEqual(['USD', 'EUR']);
  });

  it('keeps a conversion in SEK and a deposit in CHF in their own currencies (issue 34), reconciled', async () => {
    const result = await parsed([
      row({ date: '03-01-2024', description: 'Einzahlung', currency: 'CHF', amount: '100,00', balance: '100,00' }),
      row({
        date: '02-01-2024',
        time: '16:40',
        description: 'Valuta Creditering',
        fx: '11,5544',
        currency: 'SEK',
        amount: '174,32',
        balance: '174,32',
      }),
      row({
        date: '02-01-2024',
        time: '16:40',
        description: 'Valuta Debitering',
        currency: 'EUR',
        amount: '-15,09',
        balance: '-15,09',
      }),
    ]);
    expect(result.unrecognised).toEqual([]);
    expect(cashOf(result)).toEqual([
      [[4], 'conversion', -15.09, 'EUR', '2024-01-02'],
      [[3], 'conversion', 174.32, 'SEK', '2024-01-02'],
      [[2], 'deposit', 100, 'CHF', '2024-01-03'],
    ]);
    expect(result.reconciliation.map((check) => [check.currency, check.status])).toEqual([
      ['CHF', 'reconciled'],
      ['EUR', 'reconciled'],
      ['SEK', 'reconciled'],
    ]);
  });

  it('refuses a deposit in a code that is no ISO 4217 currency, and the check names its line and amount', async () => {
    const result = await parsed([
      row({ date: '03-01-2024', description: 'Einzahlung', currency: 'CNH', amount: '100,00', balance: '100,00' }),
      row({ date: '02-01-2024', description: 'Einzahlung', currency: 'EUR', amount: '50,00', balance: '50,00' }),
    ]);
    expect(only(result.unrecognised)).toMatchObject({
      line: 2,
      reason:
        'a deposit in CNH, which is not an ISO 4217 currency code, so this line is not imported (nothing of it is stored)',
    });
    expect(cashOf(result)).toEqual([[[3], 'deposit', 50, 'EUR', '2024-01-02']]);
    expect(result.reconciliation).toEqual([
      {
        currency: 'CNH',
        status: 'off',
        day: '2024-01-03',
        line: 2,
        differenceCents: 10000,
        reason: result.unrecognised[0]!.reason,
        startsMidway: false,
        openingCents: 0,
        days: 1,
      },
      { currency: 'EUR', status: 'reconciled', startsMidway: false, openingCents: 0, days: 1 },
    ]);
  });
});

describe("lines that move money between the account's own places", () => {
  it('books a cash sweep and its companion line as nothing, in Dutch and in English, whichever of the two the file lists first', async () => {
    // The real patterns: the companion line has no mutation, the amount is in its description.
    const text = csv([
      '24-02-2026,01:50,23-02-2026,,,Degiro Cash Sweep Transfer,,EUR,2.50,EUR,24818.78,',
      '24-02-2026,01:50,23-02-2026,,,Transfer from your Cash Account at flatexDEGIRO Bank SE: 2.5 EUR,,,,EUR,24816.28,',
      row({
        date: '23-02-2026',
        time: '10:43',
        valueDate: '31-01-2026',
        description: 'DEGIRO Exchange Connection Fee 2026 (Xetra - XET)',
        currency: 'EUR',
        amount: '-2.50',
        balance: '24818.78',
      }),
      '19-12-2022,18:33,19-12-2022,,,"Overboeking van uw geldrekening bij flatexDEGIRO Bank 26,45 EUR",,,,EUR,"24821,28",',
      row({
        date: '19-12-2022',
        time: '18:33',
        ...BANK,
        description: 'Degiro Cash Sweep Transfer',
        currency: 'EUR',
        amount: '26,45',
        balance: '24847,73',
      }),
      row({
        date: '18-12-2022',
        description: 'iDEAL Deposit',
        currency: 'EUR',
        amount: '24821,28',
        balance: '24821,28',
      }),
    ]);
    const result = await parseDegiroExport(text);
    expectEveryLineOnce(result, text);
    expect(result.skipped.map((s) => [s.line, s.reason])).toEqual([
      [2, 'cash sweep'],
      [3, 'cash sweep'],
      [5, 'cash sweep'],
      [6, 'cash sweep'],
    ]);
    expect(result.transactions.cash.map((c) => c.kind)).toEqual(['deposit', 'fee']);
    expect(result.reconciliation).toEqual([
      { currency: 'EUR', status: 'reconciled', startsMidway: false, openingCents: 0, days: 4 },
    ]);
  });

  it('counts an iDEAL deposit once: its reservation and release move the balance, the deposit is booked on its own day', async () => {
    const result = await parsed([
      row({
        date: '17-12-2022',
        time: '09:51',
        description: 'iDEAL Deposit',
        currency: 'EUR',
        amount: '27,80',
        balance: '33,05',
      }),
      row({
        date: '17-12-2022',
        time: '09:51',
        description: 'Reservation iDEAL / Sofort Deposit',
        currency: 'EUR',
        amount: '-27,80',
        balance: '5,25',
      }),
      row({
        date: '15-12-2022',
        time: '16:55',
        ...{ product: 'VICI PROPERTIES INC. C', isin: 'US9256521090' },
        description: 'Koop 1 @ 27,8 EUR',
        currency: 'EUR',
        amount: '-27,80',
        balance: '33,05',
        orderId: 'o-1',
      }),
      row({
        date: '15-12-2022',
        time: '16:49',
        description: 'Reservation iDEAL / Sofort Deposit',
        currency: 'EUR',
        amount: '27,80',
        balance: '60,85',
      }),
      row({ date: '14-12-2022', description: 'flatex Storting', currency: 'EUR', amount: '33,05', balance: '33,05' }),
    ]);
    expect(result.transactions.cash.map((c) => [c.kind, c.value, c.date])).toEqual([
      ['deposit', 33.05, '2022-12-14'],
      ['deposit', 27.8, '2022-12-17'],
    ]);
    expect(result.skipped.map((s) => [s.line, s.reason])).toEqual([
      [3, 'reservation'],
      [5, 'reservation'],
    ]);
    expect(result.reconciliation).toEqual([
      { currency: 'EUR', status: 'reconciled', startsMidway: false, openingCents: 0, days: 3 },
    ]);
  });

  it('books a money-market conversion without a mutation as nothing; the balance moves by the amount its description states', async () => {
    const result = await parsed([
      '04-01-2019,09:00,04-01-2019,MORGAN STANLEY EUR LIQUIDITY FUND,LU1959429272,"Conversie geldmarktfonds: Verkoop 75 @ 9,9 EUR",,,,EUR,"752,50",',
      '02-01-2019,10:05,02-01-2019,MORGAN STANLEY EUR LIQUIDITY FUND,LU1959429272,"Conversie geldmarktfonds: Koop 100 @ 9,9 EUR",,,,EUR,"10,00",',
      row({
        date: '02-01-2019',
        time: '10:00',
        description: 'iDEAL storting',
        currency: 'EUR',
        amount: '1000,00',
        balance: '1000,00',
      }),
    ]);
    expect(result.skipped.map((s) => [s.line, s.reason])).toEqual([
      [2, 'money-market fund'],
      [3, 'money-market fund'],
    ]);
    expect(cashOf(result)).toEqual([[[4], 'deposit', 1000, 'EUR', '2019-01-02']]);
    expect(result.reconciliation).toEqual([
      { currency: 'EUR', status: 'reconciled', startsMidway: false, openingCents: 0, days: 2 },
    ]);
  });
});

describe("the statement's own check", () => {
  it("starts an export cut in the middle from its first line's balance, and says so", async () => {
    const result = await parsed([
      row({
        date: '03-01-2025',
        description: 'flatex Storting',
        currency: 'EUR',
        amount: '500,00',
        balance: '1032,41',
      }),
      row({
        date: '31-12-2024',
        description: 'DEGIRO Aansluitingskosten 2025 (Xetra - XET)',
        currency: 'EUR',
        amount: '-2,50',
        balance: '532,41',
      }),
    ]);
    expect(result.reconciliation).toEqual([
      { currency: 'EUR', status: 'reconciled', startsMidway: true, openingCents: 53491, days: 2 },
    ]);
  });

  it('names the first day, line and difference where the balances do not add up', async () => {
    const result = await parsed([
      row({ date: '04-01-2025', description: 'Flatex Interest', currency: 'EUR', amount: '-0,41', balance: '1098,59' }),
      row({
        date: '03-01-2025',
        time: '10:00',
        description: 'flatex Storting',
        currency: 'EUR',
        amount: '500,00',
        balance: '1099,00',
      }),
      row({
        date: '03-01-2025',
        time: '09:00',
        description: 'iDEAL storting',
        currency: 'EUR',
        amount: '100,00',
        balance: '600,00',
      }),
      row({ date: '02-01-2025', description: 'iDEAL storting', currency: 'EUR', amount: '500,00', balance: '500,00' }),
    ]);
    // 500 + 100 + 500 = 1100, where the statement says 1099 on 03-01-2025 (line 3).
    expect(result.reconciliation).toEqual([
      {
        currency: 'EUR',
        status: 'off',
        day: '2025-01-03',
        line: 3,
        differenceCents: -100,
        startsMidway: false,
        openingCents: 0,
        days: 3,
      },
    ]);
  });

  it('has nothing to check in a file without balances (Transactions.csv)', async () => {
    const text =
      'Datum,Tijd,Product,ISIN,Beurs,Uitvoeringsplaats,Aantal,Koers,,Lokale waarde,,Waarde EUR,Wisselkoers,AutoFX Kosten,Transactiekosten en/of kosten van derden EUR,Totaal EUR,Order ID,\n' +
      '15-03-2025,10:32,ISHARES CORE MSCI WORLD UCITS ETF,IE00B4L5Y983,EAM,XAMS,15,"76,5000",EUR,"-1147,50",EUR,"-1147,50",,"0,00","-2,00","-1149,50",,b2c3\n';
    const result = await parseDegiroExport(text);
    expect(result.error).toBeUndefined();
    expect(result.reconciliation).toEqual([]);
    expect(result.transactions.cash).toEqual([]);
  });
});

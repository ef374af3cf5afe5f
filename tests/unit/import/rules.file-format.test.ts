/** The file itself: headings, delimiters, encodings, line endings, odd lines, and files that are not an export. */
import { describe, expect, it } from 'vitest';
import { EXPECTED_HEADER, parseDegiroExport } from '#src/worker/import';
import { csv, expectEveryLineOnce, HEADER_EN, HEADER_NL, only, row } from '#helpers/import/degiro-files';

const VWRL = { product: 'VANGUARD FTSE ALL-WORLD UCITS ETF', isin: 'IE00B3RBWM25' };
const NL_ROWS = [
  row({
    date: '15-12-2025',
    time: '14:22',
    ...VWRL,
    description: 'DEGIRO Transactiekosten en/of kosten van derden',
    currency: 'EUR',
    amount: '-2,00',
  }),
  row({
    date: '15-12-2025',
    time: '14:22',
    ...VWRL,
    description: 'Verkoop 7 @ 112,40 EUR',
    currency: 'EUR',
    amount: '786,80',
    orderId: 'c3d4',
  }),
  row({
    date: '15-03-2025',
    time: '10:32',
    ...VWRL,
    description: 'Koop 1.015 @ 76,50 EUR',
    currency: 'EUR',
    amount: '-77.647,50',
    orderId: 'b2c3',
  }),
];
const summary = (text: string | Blob) =>
  parseDegiroExport(text).then((r) => ({
    error: r.error,
    stock: r.transactions.stock.map((t) => [t.date, t.amount, t.value]),
    fees: r.transactions.commission.map((t) => t.value),
  }));

describe('file format', () => {
  it('maps English headings to the Dutch ones, and reads decimal dots', async () => {
    const text = csv(
      [
        row({
          date: '15-12-2025',
          time: '14:22',
          ...VWRL,
          description: 'DEGIRO Transaction and/or third party fees',
          currency: 'EUR',
          amount: '-2.00',
        }),
        row({
          date: '15-12-2025',
          time: '14:22',
          ...VWRL,
          description: 'Sell 7 @ 112.40 EUR',
          currency: 'EUR',
          amount: '786.80',
        }),
        row({
          date: '15-03-2025',
          time: '10:32',
          ...VWRL,
          description: 'Buy 1,015 @ 76.50 EUR',
          currency: 'EUR',
          amount: '-77,647.50',
        }),
      ],
      HEADER_EN,
    );
    expect(await summary(text)).toEqual(await summary(csv(NL_ROWS)));
  });

  it('reads a file a spreadsheet saved with semicolons or tabs like the original', async () => {
    const original = await summary(csv(NL_ROWS));
    const semicolons = csv(
      NL_ROWS.map((r) =>
        r.replace(/"([^"]*)"|,/g, (_match, quotedCell: string | undefined) =>
          quotedCell !== undefined ? quotedCell : ';',
        ),
      ),
      HEADER_NL.replaceAll(',', ';'),
    );
    expect(await summary(semicolons)).toEqual(original);
    const tabs = csv(
      NL_ROWS.map((r) =>
        r.replace(/"([^"]*)"|,/g, (_match, quotedCell: string | undefined) =>
          quotedCell !== undefined ? quotedCell : '\t',
        ),
      ),
      HEADER_NL.replaceAll(',', '\t'),
    );
    expect(await summary(tabs)).toEqual(original);
  });

  it('reads CRLF line endings and a byte-order mark', async () => {
    const text = `\uFEFF${csv(NL_ROWS).replaceAll('\n', '\r\n')}`;
    const result = await parseDegiroExport(new Blob([text]));
    expect(result.counts).toMatchObject({ buys: 1, sells: 1, commissions: 1, lines: 3 });
    expect(result.transactions.stock[0]!.lines).toEqual([4]);
  });

  it('reads a Windows-1252 file (not UTF-8) with its accents intact', async () => {
    const text = csv([
      row({
        date: '18-03-2024',
        product: 'REALTY INCOME CORP',
        isin: 'US7561091049',
        description: 'Impôts sur dividende',
        currency: 'USD',
        amount: '-0,15',
      }),
      row({
        date: '18-03-2024',
        product: 'REALTY INCOME CORP',
        isin: 'US7561091049',
        description: 'Dividende',
        currency: 'USD',
        amount: '0,51',
      }),
    ]);
    const latin1 = new Uint8Array([...text].map((c) => c.charCodeAt(0)));
    expect(latin1.includes(0xf4)).toBe(true); // ô as one byte: invalid UTF-8
    const result = await parseDegiroExport(new Blob([latin1]));
    expect(only(result.transactions.dividend)).toMatchObject({ value: 0.36, currency: 'USD' });
  });

  it('matches mojibake descriptions and ignores the trailing space after the last comma', async () => {
    const text = [
      HEADER_NL,
      '19-09-2024,20:20,19-09-2024,APPLE INC,US0378331005,Levantamento de divisa,1.1191,USD,-457.52,USD,0.00,711b',
      '19-09-2024,20:20,19-09-2024,APPLE INC,US0378331005,CrÃ©dito de divisa,,EUR,408.83,EUR,638.81,711b',
      '19-09-2024,20:20,19-09-2024,APPLE INC,US0378331005,"Sell 4 APPLE INC@114,38 USD (US0378331005)",,USD,457.52,USD,457.52,711b ',
    ].join('\n');
    const result = await parseDegiroExport(text);
    expect(only(result.transactions.stock)).toMatchObject({
      amount: -4,
      value: -408.83,
      currency: 'EUR',
      lines: [2, 3, 4],
    });
  });

  it('skips rows without a date, a description or an amount, and lists a malformed date as unrecognised', async () => {
    const text = csv([
      row({ date: '', ...VWRL, description: 'Koop 1 @ 10 EUR', currency: 'EUR', amount: '-10' }),
      row({ date: '01-01-2024', ...VWRL, description: '', currency: 'EUR', amount: '-10' }),
      row({ date: '01-01-2024', ...VWRL, description: 'Koop 1 @ 10 EUR', currency: '', amount: '' }),
      row({ date: '2024-01-01', ...VWRL, description: 'Koop 1 @ 10 EUR', currency: 'EUR', amount: '-10' }),
      row({ date: '31-02-2024', ...VWRL, description: 'Koop 1 @ 10 EUR', currency: 'EUR', amount: '-10' }),
    ]);
    const result = await parseDegiroExport(text);
    expect(result.skipped.map((s) => [s.line, s.reason])).toEqual([
      [2, 'incomplete row'],
      [3, 'incomplete row'],
      [4, 'incomplete row'],
    ]);
    expect(result.unrecognised.map((u) => [u.line, u.reason])).toEqual([
      [5, 'the date "2024-01-01" is not a date written DD-MM-YYYY'],
      [6, 'the date "31-02-2024" is not a date written DD-MM-YYYY'],
    ]);
  });

  it('lists rows dated outside 1900–2100 or with amounts beyond ±1e12 as unrecognised, so what it imports can be saved', async () => {
    const text = csv([
      row({ date: '01-01-1899', ...VWRL, description: 'Koop 1 @ 10 EUR', currency: 'EUR', amount: '-10' }),
      row({ date: '01-01-2101', ...VWRL, description: 'Koop 1 @ 10 EUR', currency: 'EUR', amount: '-10' }),
      row({
        date: '01-01-2024',
        ...VWRL,
        description: 'Koop 1 @ 10 EUR',
        currency: 'EUR',
        amount: '-1000000000000000000000000000000',
      }),
      row({ date: '01-01-2024', ...VWRL, description: 'Koop 10000000000000 @ 0 EUR', currency: 'EUR', amount: '-10' }),
      row({ date: '01-01-2024', ...VWRL, description: 'Koop 1 @ 10 EUR', currency: 'EUR', amount: '-10' }),
    ]);
    const result = await parseDegiroExport(text);
    expect(only(result.transactions.stock).lines).toEqual([6]);
    expect(result.unrecognised.map((u) => [u.line, u.reason])).toEqual([
      [2, 'the date "01-01-1899" is outside the years 1900–2100'],
      [3, 'the date "01-01-2101" is outside the years 1900–2100'],
      [4, 'the amount "-1000000000000000000000000000000" is beyond ±1000000000000'],
      [5, 'the share count "10000000000000" is beyond 1000000000000'],
    ]);
  });

  it('keeps line numbers exact around blank lines and a quoted cell spanning two lines', async () => {
    const text = [
      HEADER_NL,
      NL_ROWS[0],
      '',
      '15-12-2025,14:22,15-12-2025,VANGUARD FTSE ALL-WORLD UCITS ETF,IE00B3RBWM25,"Verkoop 7 @ 112,40 EUR',
      'via the web",,EUR,"786,80",EUR,"0,00",c3d4',
      NL_ROWS[2],
      '',
    ].join('\n');
    const result = await parseDegiroExport(text);
    expect(result.transactions.stock.map((t) => t.lines)).toEqual([[6], [4, 5]]);
    expectEveryLineOnce(result, text);
  });

  it('imports a header alone as an empty result, not an error', async () => {
    const result = await parseDegiroExport(`${HEADER_NL}\n`);
    expect(result.error).toBeUndefined();
    expect(result.counts.lines).toBe(0);
  });
});

describe('files that are not a DEGIRO account statement', () => {
  it('says what header it expected, and what it found', async () => {
    const result = await parseDegiroExport('Date;Amount;Payee\n01-01-2024;10;Shop\n');
    expect(result.error).toContain(EXPECTED_HEADER);
    expect(result.error).toContain('Date;Amount;Payee');
    expect(result.transactions.stock).toEqual([]);
  });

  it('refuses DEGIRO columns separated by another delimiter, saying commas were expected', async () => {
    const result = await parseDegiroExport(`${HEADER_NL.replaceAll(',', '|')}\n`);
    expect(result.error).toMatch(/separated by "\|": expected commas/);
  });

  it('recognises the Portfolio.csv export and points to the account statement and the transactions', async () => {
    const result = await parseDegiroExport('Product,Symbool/ISIN,Aantal,Slotkoers,Lokale waarde,,Waarde in EUR\n');
    expect(result.error).toMatch(/Portfolio\.csv/);
    expect(result.error).toContain(EXPECTED_HEADER);
    expect(result.error).toContain('Transactions.csv');
  });

  it('calls a binary file binary and an empty file empty', async () => {
    const binary = await parseDegiroExport(
      new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00])]),
    );
    expect(binary.error).toMatch(/binary file/);
    const empty = await parseDegiroExport(new Blob([]));
    expect(empty.error).toMatch(/empty/);
    const blank = await parseDegiroExport('\n\n  \n');
    expect(blank.error).toMatch(/empty/);
  });
});

/**
 * Another broker's CSV through a mapping: the guess from its headings and first rows, every kind of row
 * (buy, sell, dividend with tax, fee, a fees column), the problems named per row while the good rows
 * still import, the live preview, import ids that make a second import add nothing, and the mapping's
 * own problems (a column not chosen, one column twice).
 */
import { describe, expect, it } from 'vitest';
import { readDate, readKind, readNumber } from '#src/worker/mapped-csv/fields';
import { guessMapping } from '#src/worker/mapped-csv/guess-mapping';
import { headerKey, type CsvMapping } from '#src/model/csv-mapping';
import { parseMapped } from '#src/worker/mapped-csv/parse-mapped';
import { readTable } from '#src/worker/mapped-csv/read-table';
import { mergeTransactions } from '#src/worker/backup/restore-plan';

/** A European broker's export: semicolons, day-first dates with times, decimal commas, thousands dots. */
const EUROPEAN = [
  'Datum;Symbol;Action;Quantity;Total;Currency;Withholding tax;Fees',
  '04.01.2021 09:12;VWCE.DE;Market buy;10;1.234,50;EUR;;1,00',
  '15.03.2021;AAPL;Dividend (Ordinary);;0,85;USD;0,15;',
  '01.06.2021;VWCE.DE;Limit sell;-4;-400,20;EUR;;',
  '30.06.2021;VWCE.DE;Custody fee;;2,50;eur;;',
  '31.02.2021;VWCE.DE;Market buy;1;95,00;EUR;;',
  '01.07.2021;VWCE.DE;Deposit;;500,00;EUR;;',
  '04.01.2021 09:12;VWCE.DE;Market buy;10;1.234,50;EUR;;1,00',
].join('\r\n');

describe('guessing the mapping', () => {
  it('finds every column by its heading, the delimiter, day-first dates and decimal commas', () => {
    const table = readTable(EUROPEAN);
    expect(table.delimiter).toBe(';');
    expect(guessMapping(table)).toEqual({
      delimiter: ';',
      columns: { date: 0, ticker: 1, type: 2, amount: 3, value: 4, currency: 5, tax: 6, fees: 7 },
      fixedCurrency: 'EUR',
      dateOrder: 'DMY',
      decimalMark: ',',
    });
  });

  it('reads year-first dates and decimal points in a comma file', () => {
    const table = readTable(
      'Date,Ticker,Type,Shares,Amount\n2021-01-04,AAPL,BUY,1.5,195.25\n2021-02-01,AAPL,SELL,1,130\n',
    );
    expect(guessMapping(table)).toMatchObject({
      delimiter: ',',
      dateOrder: 'YMD',
      decimalMark: '.',
      columns: { date: 0, ticker: 1, type: 2, amount: 3, value: 4, currency: null },
    });
  });
});

describe('reading the rows', () => {
  const table = readTable(EUROPEAN);
  const mapping = guessMapping(table);
  const parsed = parseMapped(table, mapping);

  it('turns each kind of row into our transactions, signs by kind', () => {
    const strip = <T extends { importId?: string }>(list: T[]) => list.map(({ importId: _id, ...t }) => t);
    expect(strip(parsed.transactions.stock)).toEqual([
      { ticker: 'VWCE.DE', date: '2021-01-04', currency: 'EUR', type: 'stock', amount: 10, value: 1234.5 },
      { ticker: 'VWCE.DE', date: '2021-01-04', currency: 'EUR', type: 'stock', amount: 10, value: 1234.5 },
      { ticker: 'VWCE.DE', date: '2021-06-01', currency: 'EUR', type: 'stock', amount: -4, value: -400.2 },
    ]);
    expect(strip(parsed.transactions.dividend)).toEqual([
      { ticker: 'AAPL', date: '2021-03-15', currency: 'USD', type: 'dividend', amount: 1, value: 0.85, tax: 0.15 },
    ]);
    expect(strip(parsed.transactions.commission)).toEqual([
      { ticker: 'VWCE.DE', date: '2021-01-04', currency: 'EUR', type: 'commission', amount: 1, value: 1 },
      { ticker: 'VWCE.DE', date: '2021-01-04', currency: 'EUR', type: 'commission', amount: 1, value: 1 },
      { ticker: 'VWCE.DE', date: '2021-06-30', currency: 'EUR', type: 'commission', amount: 1, value: 2.5 },
    ]);
  });

  it('names the rows it cannot read, and why', () => {
    expect(parsed.problemCount).toBe(1);
    expect(parsed.problems).toEqual([{ row: 6, message: 'date "31.02.2021" is not a date in the order DMY' }]);
    // The deposit is cash: no ticker or shares needed.
    expect(parsed.transactions.cash!.map(({ importId: _id, ...c }) => c)).toEqual([
      { type: 'cash', kind: 'deposit', date: '2021-07-01', value: 500, currency: 'EUR' },
    ]);
    expect(parsed.rowCount).toBe(7);
  });

  it('gives two identical rows distinct import ids, and the same ids on a second read', () => {
    const ids = parsed.transactions.stock.map((t) => t.importId);
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => id?.startsWith('csv:'))).toBe(true);
    const again = parseMapped(readTable(EUROPEAN), mapping);
    const merged = mergeTransactions(parsed.transactions, again.transactions);
    expect(merged.added).toEqual({ stock: 0, dividend: 0, commission: 0 });
  });

  it('previews the first rows with what each makes, or its problem', () => {
    const preview = parseMapped(table, mapping, 3).preview;
    expect(preview.map((row) => [row.row, row.transactions.length, row.problem])).toEqual([
      [2, 2, null],
      [3, 1, null],
      [4, 1, null],
    ]);
    expect(preview[0]!.cells[1]).toBe('VWCE.DE');
  });
});

describe('a wrong mapping', () => {
  const table = readTable(EUROPEAN);
  const guessed = guessMapping(table);

  it('with decimal points on this file: every number with a comma becomes a problem', () => {
    const parsed = parseMapped(table, { ...guessed, decimalMark: '.' });
    expect(parsed.problems[0]).toEqual({
      row: 2,
      message:
        'value "1.234,50" is not a number with "." as decimal mark; fees "1,00" is not a number with "." as decimal mark',
    });
  });

  it('without a required column, or with one column twice, reads nothing and says what to choose', () => {
    const none: CsvMapping = { ...guessed, columns: { ...guessed.columns, ticker: null } };
    expect(parseMapped(table, none).error).toBe('Choose the column of the ticker.');
    const twice: CsvMapping = { ...guessed, columns: { ...guessed.columns, value: 3 } };
    expect(parseMapped(table, twice)).toMatchObject({
      error: 'The amount and the value are both in column 4; each needs its own.',
      rowCount: 7,
    });
  });
});

describe('fields', () => {
  it('dates in each order, with any separator; impossible dates refused', () => {
    expect(readDate('2021-3-4', 'YMD')).toBe('2021-03-04');
    expect(readDate('04/03/2021', 'DMY')).toBe('2021-03-04');
    expect(readDate('03/04/2021', 'MDY')).toBe('2021-03-04');
    expect(readDate('2021-03-04T10:00:00Z', 'YMD')).toBe('2021-03-04');
    expect(readDate('29.02.2021', 'DMY')).toBeNull();
    expect(readDate('04/03/21', 'DMY')).toBeNull();
  });

  it('numbers by the chosen mark, refusing the other', () => {
    expect(readNumber('1.234,56', ',')).toBe(1234.56);
    expect(readNumber('1,234.56', '.')).toBe(1234.56);
    expect(readNumber('€ -12,50', ',')).toBe(-12.5);
    expect(readNumber('(12.50)', '.')).toBe(-12.5);
    expect(readNumber('1 046,38', ',')).toBe(1046.38);
    expect(readNumber('12.50 USD', '.')).toBe(12.5);
    expect(readNumber('1.5', ',')).toBeNull();
    expect(readNumber('1,5', '.')).toBeNull();
    expect(readNumber('12abc', '.')).toBeNull();
  });

  it('kinds in several languages', () => {
    expect(
      [
        'Market buy',
        'KOOP',
        'Kauf',
        'Verkoop',
        'SELL',
        'Dividende',
        'Frais de garde',
        'Deposit',
        'Storting',
        'Withdrawal',
        'Auszahlung',
        'Interest',
        'Zinsen',
        'Transfer',
      ].map(readKind),
    ).toEqual([
      'buy',
      'buy',
      'buy',
      'sell',
      'sell',
      'dividend',
      'fee',
      'deposit',
      'deposit',
      'withdrawal',
      'withdrawal',
      'interest',
      'interest',
      null,
    ]);
  });

  it('remembers a mapping under the header whatever its case and spacing', () => {
    expect(headerKey([' Date', 'SYMBOL '])).toBe(headerKey(['date', 'symbol']));
  });
});

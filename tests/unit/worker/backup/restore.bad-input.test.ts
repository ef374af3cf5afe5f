/**
 * Files a restore must refuse, each with a message a user can act on and nothing restored: a cut-off
 * backup, another format version, counts that disagree, our CSV with columns swapped (reordered, or
 * values under the wrong heading), a cut-off CSV, a file over the size limit, a binary file.
 */
import { describe, expect, it } from 'vitest';
import type { TransactionSet } from '#src/model';
import { FIRST_ACCOUNT } from '#src/model/cash';
import type { RememberedMapping } from '#src/model/csv-mapping';
import { backupToJson } from '#src/worker/backup/backup-json';
import { CSV_HEADER } from '#src/worker/backup/csv-format';
import { transactionsToCsv } from '#src/worker/backup/export-csv';
import { readRestoreFile, RESTORE_MAX_BYTES, type RestoreRead } from '#src/worker/backup/read-restore';
import { swapColumns } from '#helpers/csv-text';

/** The reader's clock (`readRestoreFile` has none), which dates the saved-at times a backup may carry. */
const NOW_MS = Date.UTC(2026, 10, 29, 12);

const set: TransactionSet = {
  stock: [
    {
      ticker: 'VWCE.DE',
      type: 'stock',
      date: '2021-03-01',
      amount: 10,
      value: 950.5,
      currency: 'EUR',
      importId: 'degiro:00000000000001',
    },
    { ticker: 'AAPL', type: 'stock', date: '2021-04-01', amount: 2, value: 240, currency: 'USD' },
  ],
  dividend: [
    { ticker: 'AAPL', type: 'dividend', date: '2021-05-14', amount: 1, value: 0.85, currency: 'USD', tax: 0.15 },
  ],
  commission: [{ ticker: 'VWCE.DE', type: 'commission', date: '2021-03-01', amount: 1, value: 2, currency: 'EUR' }],
};
const csvMappings: RememberedMapping[] = [
  {
    header: 'datum\u001fsymbool\u001ftype\u001faantal\u001ftotaal',
    mapping: {
      delimiter: ';',
      columns: { date: 0, ticker: 1, type: 2, amount: 3, value: 4, currency: null, tax: null, fees: null },
      fixedCurrency: 'EUR',
      dateOrder: 'DMY',
      decimalMark: ',',
    },
    savedAt: '2026-10-01T12:00:00.000Z',
  },
];
const backup = backupToJson(
  { transactions: set, symbolChoices: { IE00BK5BQT80: 'VWCE.DE' }, settings: { benchmark: 'VWCE.DE' }, csvMappings },
  '2026-11-25T00:00:00.000Z',
);
/** The same backup as version 2 wrote it: no accounts, no count of them or of the cash. */
function versionTwo(edit: (backup: Record<string, unknown>) => void = () => {}): string {
  const {
    accounts: _left,
    counts,
    ...rest
  } = JSON.parse(backup) as { accounts: unknown; counts: Record<string, number> };
  const { accounts: _accounts, cash: _cash, ...countsV2 } = counts;
  const older = { ...rest, formatVersion: 2, counts: countsV2 };
  edit(older);
  return JSON.stringify(older);
}
/** The same backup as version 1 wrote it: no column mappings either, no count of them. */
function versionOne(): string {
  const {
    csvMappings: _left,
    counts,
    ...rest
  } = JSON.parse(versionTwo()) as { csvMappings: unknown; counts: Record<string, number> };
  const { csvMappings: _count, ...countsV1 } = counts;
  return JSON.stringify({ ...rest, formatVersion: 1, counts: countsV1 });
}
const csv = transactionsToCsv(set);

function refused(read: RestoreRead): string {
  if (read.ok) throw new Error('expected a refusal');
  expect(read.error).toMatch(/Nothing was restored/);
  return read.error;
}

describe('a JSON backup', () => {
  it('reads back whole when intact', async () => {
    const read = await readRestoreFile(backup, NOW_MS);
    expect(read).toEqual({
      ok: true,
      kind: 'backup',
      content: {
        transactions: set,
        symbolChoices: { IE00BK5BQT80: 'VWCE.DE' },
        settings: { benchmark: 'VWCE.DE' },
        csvMappings,
        accounts: { by: 'id', list: [FIRST_ACCOUNT] },
      },
    });
  });

  it('of version 2 (before the accounts were backed up) reads, carrying no accounts, its rows naming theirs', async () => {
    const named = versionTwo((older) => {
      (older.transactions as TransactionSet).stock[1]!.account = 'acc-000000000002';
    });
    const read = await readRestoreFile(named, NOW_MS);
    if (!read.ok) throw new Error(read.error);
    expect(read.content).not.toHaveProperty('accounts');
    expect(read.content.transactions.stock[1]).toMatchObject({ ticker: 'AAPL', account: 'acc-000000000002' });
    expect(read.content.csvMappings).toEqual(csvMappings);
  });

  it('of version 1 (before column mappings were backed up) reads, carrying no mappings', async () => {
    expect(JSON.parse(versionOne())).not.toHaveProperty('csvMappings');
    expect(await readRestoreFile(versionOne(), NOW_MS)).toEqual({
      ok: true,
      kind: 'backup',
      content: {
        transactions: set,
        symbolChoices: { IE00BK5BQT80: 'VWCE.DE' },
        settings: { benchmark: 'VWCE.DE' },
        csvMappings: null,
      },
    });
  });

  it('cut off anywhere is refused as cut off', async () => {
    for (const at of [1, 40, Math.floor(backup.length / 2), backup.length - 3]) {
      expect(refused(await readRestoreFile(backup.slice(0, at), NOW_MS))).toMatch(/^The backup is cut off/);
    }
  });

  it('cut off after a whole list (still parses once closed) is refused by its counts', async () => {
    const edited = JSON.parse(backup) as { transactions: TransactionSet };
    edited.transactions.stock.pop();
    expect(refused(await readRestoreFile(JSON.stringify(edited), NOW_MS))).toBe(
      'The backup is incomplete: it says it holds 2 stock transactions, but 1 are in it. Nothing was restored; export the backup again.',
    );
  });

  it('of another format version is refused, naming the versions read', async () => {
    expect(backup).toContain('"formatVersion": 3');
    for (const version of ['4', '0', '"3"', 'null']) {
      expect(
        refused(await readRestoreFile(backup.replace('"formatVersion": 3', `"formatVersion": ${version}`), NOW_MS)),
      ).toBe(
        `This backup is in format version ${version}; this version of Investments Tracker reads versions 1 to 3 (it writes 3). Nothing was restored.`,
      );
    }
  });

  it('with a column mapping cut out, or one not valid, is refused', async () => {
    const edited = JSON.parse(backup) as { csvMappings: unknown[] };
    edited.csvMappings = [];
    expect(refused(await readRestoreFile(JSON.stringify(edited), NOW_MS))).toBe(
      'The backup is incomplete: it says it holds 1 column mappings, but 0 are in it. Nothing was restored; export the backup again.',
    );
    const bad = backup.replace('"dateOrder": "DMY"', '"dateOrder": "DD-MM"');
    expect(refused(await readRestoreFile(bad, NOW_MS))).toMatch(
      /^The backup's column mappings are not valid: mapping 1: The mapping is not valid: dateOrder is one of YMD, DMY, MDY/,
    );
    // Version 3 without its mappings list is damaged, not an old backup.
    const { csvMappings: _gone, ...withoutList } = JSON.parse(backup) as Record<string, unknown>;
    expect(refused(await readRestoreFile(JSON.stringify(withoutList), NOW_MS))).toMatch(
      /column mappings are not valid: expected a list/,
    );
  });

  it('that is some other JSON is refused', async () => {
    expect(
      refused(await readRestoreFile('{"transactions": {"stock": [], "dividend": [], "commission": []}}', NOW_MS)),
    ).toMatch(/not an Investments Tracker backup/);
  });

  it('with an invalid transaction names where', async () => {
    const bad = backup.replace('"2021-04-01"', '"2021-02-30"');
    expect(refused(await readRestoreFile(bad, NOW_MS))).toMatch(/transactions\.stock\.1\.date: a calendar date/);
  });
});

describe('our CSV', () => {
  it('reads back whole when intact, with the product choices its columns name and the account of each row by name', async () => {
    const read = await readRestoreFile(transactionsToCsv(set, { IE00BK5BQT80: 'VWCE.DE' }), NOW_MS);
    // The reader's own id for the account it read by name (`My account`): a restore finds the account by the name.
    const inFile = <T extends object>(row: T) => ({ ...row, account: 'file account 1' });
    expect(read).toEqual({
      ok: true,
      kind: 'csv',
      content: {
        transactions: {
          stock: set.stock.map(inFile),
          dividend: set.dividend.map(inFile),
          commission: set.commission.map(inFile),
          cash: [],
        },
        symbolChoices: { IE00BK5BQT80: 'VWCE.DE' },
        settings: null,
        csvMappings: null,
        accounts: { by: 'name', list: [{ id: 'file account 1', name: 'My account' }] },
      },
    });
  });

  it('with two columns swapped, heading and values, is refused: columns in another order', async () => {
    const swapped = swapColumns(csv, 3, 4);
    expect(refused(await readRestoreFile(swapped, NOW_MS))).toMatch(
      /^The columns are in another order than an Investments Tracker export: "\uFEFF?ticker,type,date,value,amount,/,
    );
  });

  it('with values swapped under the right headings is refused, naming the row and asking about swapped columns', async () => {
    const swapped = csv.replace('VWCE.DE,stock,2021-03-01,10,', 'VWCE.DE,stock,10,2021-03-01,');
    expect(refused(await readRestoreFile(swapped, NOW_MS))).toBe(
      'Row 2 is not valid: date "10" is not a date YYYY-MM-DD between 1900 and 2100; amount "2021-03-01" is not a number written like 1234.56 (are columns swapped?). Nothing was restored.',
    );
  });

  it('cut off in its last row is refused', async () => {
    expect(refused(await readRestoreFile(csv.slice(0, csv.length - 12), NOW_MS))).toMatch(
      /^Row 5 is not valid: \d+ cells instead of 13 \(is the file cut off\?\)/,
    );
  });

  it('with decimal commas is refused: our CSV writes 1234.56', async () => {
    const read = await readRestoreFile(`${CSV_HEADER}\r\nAAPL,stock,2021-04-01,2,"240,5",USD,,,,,,,\r\n`, NOW_MS);
    expect(refused(read)).toMatch(/value "240,5" is not a number written like 1234.56/);
  });

  it('that is another broker’s CSV points to the mapping', async () => {
    expect(refused(await readRestoreFile('Date,Symbol,Quantity,Price\n2021-01-04,AAPL,1,130\n', NOW_MS))).toMatch(
      /For another broker's CSV, map its columns instead/,
    );
  });
});

describe('any file', () => {
  it('over the size limit (50 MB) is refused before it is read', async () => {
    const big = new Blob([new Uint8Array(50 * 1024 * 1024)]);
    expect(RESTORE_MAX_BYTES).toBeLessThan(big.size);
    expect(refused(await readRestoreFile(big, NOW_MS))).toBe(
      'The file is 50.0 MB; a backup or CSV to restore may be at most 30.0 MB (100,000 transactions). Nothing was restored.',
    );
  });

  it('that is binary is refused as not text (a file in another encoding is read: encodings.same-transactions.test.ts)', async () => {
    expect(
      refused(await readRestoreFile(new Blob([new Uint8Array([0x7b, 0x00, 0xff, 0xfe, 0x01, 0x7d])]), NOW_MS)),
    ).toBe(
      'The file is not text (it holds binary data), so it is not one of our backups or CSV files. Nothing was restored.',
    );
  });
});

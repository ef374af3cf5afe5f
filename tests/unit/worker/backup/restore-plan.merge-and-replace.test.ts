/**
 * The preview's numbers and the set each choice stores: merge adds only what the portfolio lacks
 * (imported rows by id, hand-entered ones by content, repeated identical rows counted), replace takes the
 * file's set; a backup brings its choices and settings, a CSV keeps the portfolio's. Remembered column
 * mappings: replace takes the backup's; merge adds the backup's for headers the user has none for (the
 * user's own win), keeping the 50 most recently saved; a CSV or a version 1 backup leaves the user's.
 */
import { describe, expect, it } from 'vitest';
import type { Transaction } from '#src/model';
import { MAX_REMEMBERED_MAPPINGS, type CsvMapping, type RememberedMapping } from '#src/model/csv-mapping';
import type { BackupContent } from '#src/worker/backup/backup-json';
import { FIRST_ACCOUNT } from '#src/model/cash';
import { applyRestore, planRestore, type CurrentContent } from '#src/worker/backup/restore-plan';
import { stock } from '#helpers/transactions-client';
import { EUROPEAN_MAPPING } from '#helpers/csv-mappings';

/** A VWCE.DE buy in EUR, imported when it has an import id. */
const buy = (date: string, amount: number, value: number, importId?: string): Transaction =>
  stock('VWCE.DE', date, amount, value, importId ? { importId } : {});
const fee: Transaction = {
  ticker: 'VWCE.DE',
  type: 'commission',
  date: '2021-03-01',
  amount: 1,
  value: 2,
  currency: 'EUR',
};

const mapping = EUROPEAN_MAPPING;
const remembered = (header: string, savedAt: string, changes: Partial<CsvMapping> = {}): RememberedMapping => ({
  header,
  mapping: { ...mapping, ...changes },
  savedAt,
});
const yourBank = remembered('datum\u001fsymbool', '2025-06-01T10:00:00.000Z');
const yourBroker = remembered('trade date\u001fsymbol', '2025-01-01T10:00:00.000Z');
const backupBank = remembered('datum\u001fsymbool', '2024-06-01T10:00:00.000Z', { dateOrder: 'YMD' });
const backupOther = remembered('date\u001fticker', '2024-03-01T10:00:00.000Z', { delimiter: ',' });

const current: CurrentContent = {
  transactions: {
    stock: [buy('2021-03-01', 10, 950, 'degiro:a'), buy('2021-04-01', 1, 96), buy('2021-05-03', 2, 200, 'degiro:c')],
    dividend: [],
    commission: [fee],
  },
  symbolChoices: { IE00BK5BQT80: 'VWCE.DE' },
  settings: { benchmark: 'IWDA.AS' },
  csvMappings: [yourBank, yourBroker],
};

/** The backup: one row the same, one the same id with a corrected value, two identical hand-entered buys, one new. */
const file: BackupContent = {
  transactions: {
    stock: [
      buy('2021-03-01', 10, 950, 'degiro:a'),
      buy('2021-04-01', 1, 96),
      buy('2021-04-01', 1, 96),
      buy('2021-05-03', 2, 201, 'degiro:c'),
      buy('2021-06-01', 3, 300, 'degiro:d'),
    ],
    dividend: [
      { ticker: 'VWCE.DE', type: 'dividend', date: '2021-06-20', amount: 1, value: 4.2, currency: 'EUR', tax: 0.8 },
    ],
    commission: [],
  },
  symbolChoices: { IE00BK5BQT80: 'OTHER.DE', US0378331005: 'AAPL' },
  settings: { benchmark: 'VWCE.DE' },
  csvMappings: [backupBank, backupOther],
};

describe('the restore preview', () => {
  it('counts what merge and replace would do', () => {
    expect(planRestore(current, file)).toEqual({
      current: {
        total: 4,
        symbolChoices: 1,
        csvMappings: 2,
        cash: 0,
        accounts: ['My account'],
        settings: current.settings,
      },
      fileSettings: { benchmark: 'VWCE.DE' },
      fileCsvMappings: 2,
      merge: {
        added: { stock: 2, dividend: 1, commission: 0 },
        alreadyPresent: 2,
        keptDifferent: 1,
        symbolChoicesAdded: 1,
        settingsAdded: [],
        csvMappingsAdded: 1,
        csvMappings: 3,
        total: 7,
        cashAdded: 0,
        accounts: ['My account'],
      },
      replace: {
        removed: 1,
        added: 3,
        changed: 1,
        unchanged: 2,
        total: 6,
        symbolChoices: 2,
        settingsChanged: ['benchmark'],
        csvMappings: 2,
        cash: 0,
        accounts: ['My account'],
      },
    });
  });
});

describe('merge', () => {
  it('adds the second identical buy and the new rows, keeps the portfolio’s version of a changed import, its choices and settings', () => {
    const merged = applyRestore(current, file, 'merge');
    expect(merged.transactions.stock).toEqual([
      buy('2021-03-01', 10, 950, 'degiro:a'),
      buy('2021-04-01', 1, 96),
      buy('2021-04-01', 1, 96),
      buy('2021-05-03', 2, 200, 'degiro:c'),
      buy('2021-06-01', 3, 300, 'degiro:d'),
    ]);
    expect(merged.transactions.dividend).toEqual(file.transactions.dividend);
    expect(merged.transactions.commission).toEqual([fee]);
    expect(merged.symbolChoices).toEqual({ IE00BK5BQT80: 'VWCE.DE', US0378331005: 'AAPL' });
    expect(merged.settings).toEqual({ benchmark: 'IWDA.AS' });
    // The user's mapping for the bank's header wins over the backup's; the backup's other header is added; most recent first.
    expect(merged.csvMappings).toEqual([yourBank, yourBroker, backupOther]);
  });

  it(`keeps the ${MAX_REMEMBERED_MAPPINGS} most recently saved mappings, counting only those added that stay`, () => {
    const many = Array.from({ length: MAX_REMEMBERED_MAPPINGS }, (_, i) =>
      remembered(`h${String(i).padStart(2, '0')}`, new Date(Date.UTC(2024, 0, 1 + i)).toISOString()),
    );
    const merged = applyRestore(current, { ...file, csvMappings: many }, 'merge').csvMappings;
    expect(merged).toHaveLength(MAX_REMEMBERED_MAPPINGS);
    // Yours (2025) first, then the backup's newest 48: h00 and h01 (the oldest) forgotten.
    expect(merged.slice(0, 2)).toEqual([yourBank, yourBroker]);
    expect(merged.slice(2).map((m) => m.header)).toEqual(
      many
        .slice(2)
        .reverse()
        .map((m) => m.header),
    );
    expect(planRestore(current, { ...file, csvMappings: many }).merge).toMatchObject({
      csvMappingsAdded: 48,
      csvMappings: 50,
    });
  });

  it('twice is the same as once', () => {
    const once = applyRestore(current, file, 'merge');
    expect(applyRestore(once, file, 'merge')).toEqual(once);
  });
});

describe('replace', () => {
  it('with a backup: its set, choices and settings', () => {
    // A file without cash replaces the portfolio's with none.
    expect(applyRestore(current, file, 'replace')).toEqual({
      transactions: { ...file.transactions, cash: [] },
      symbolChoices: file.symbolChoices,
      settings: file.settings,
      csvMappings: [backupBank, backupOther],
      accounts: [FIRST_ACCOUNT],
    });
  });

  it('with a version 1 backup (no mappings in it): its set, choices and settings; the user’s mappings stay, by replace and by merge', () => {
    const older: BackupContent = { ...file, csvMappings: null };
    expect(applyRestore(current, older, 'replace').csvMappings).toEqual([yourBank, yourBroker]);
    expect(applyRestore(current, older, 'merge').csvMappings).toEqual([yourBank, yourBroker]);
    expect(planRestore(current, older)).toMatchObject({
      fileCsvMappings: null,
      merge: { csvMappingsAdded: 0, csvMappings: 2 },
      replace: { csvMappings: 2 },
    });
  });

  it('with a CSV: its set; the portfolio’s settings stay and its choices are added to', () => {
    const csv: BackupContent = { ...file, symbolChoices: { US0378331005: 'AAPL' }, settings: null, csvMappings: null };
    expect(applyRestore(current, csv, 'replace')).toEqual({
      transactions: { ...file.transactions, cash: [] },
      symbolChoices: { IE00BK5BQT80: 'VWCE.DE', US0378331005: 'AAPL' },
      settings: { benchmark: 'IWDA.AS' },
      csvMappings: [yourBank, yourBroker],
      accounts: [FIRST_ACCOUNT],
    });
    expect(planRestore(current, csv).replace.settingsChanged).toEqual([]);
  });
});

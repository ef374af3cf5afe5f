/**
 * The preview's numbers and the set each choice stores: merge adds only what the portfolio lacks
 * (imported rows by id, hand-entered ones by content, repeated identical rows counted), replace takes the
 * file's set; a backup brings its choices and settings, a CSV keeps the portfolio's.
 */
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../../src/model';
import type { BackupContent } from '../../../../src/worker/backup/backup-json';
import { applyRestore, planRestore, type CurrentContent } from '../../../../src/worker/backup/restore-plan';

const buy = (date: string, amount: number, value: number, importId?: string): Transaction => ({
  ticker: 'VWCE.DE',
  type: 'stock',
  date,
  amount,
  value,
  currency: 'EUR',
  ...(importId ? { importId } : {}),
});
const fee: Transaction = { ticker: 'VWCE.DE', type: 'commission', date: '2021-03-01', amount: 1, value: 2, currency: 'EUR' };

const current: CurrentContent = {
  transactions: {
    stock: [buy('2021-03-01', 10, 950, 'degiro:a'), buy('2021-04-01', 1, 96), buy('2021-05-03', 2, 200, 'degiro:c')],
    dividend: [],
    commission: [fee],
  },
  symbolChoices: { IE00BK5BQT80: 'VWCE.DE' },
  settings: { benchmark: 'IWDA.AS' },
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
    dividend: [{ ticker: 'VWCE.DE', type: 'dividend', date: '2021-06-20', amount: 1, value: 4.2, currency: 'EUR', tax: 0.8 }],
    commission: [],
  },
  symbolChoices: { IE00BK5BQT80: 'OTHER.DE', US0378331005: 'AAPL' },
  settings: { benchmark: 'VWCE.DE' },
};

describe('the restore preview', () => {
  it('counts what merge and replace would do', () => {
    expect(planRestore(current, file)).toEqual({
      current: { total: 4, symbolChoices: 1 },
      merge: {
        added: { stock: 2, dividend: 1, commission: 0 },
        alreadyPresent: 2,
        keptDifferent: 1,
        symbolChoicesAdded: 1,
        settingsAdded: [],
        total: 7,
      },
      replace: { removed: 1, added: 3, changed: 1, unchanged: 2, total: 6, symbolChoices: 2, settingsChanged: ['benchmark'] },
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
  });

  it('twice is the same as once', () => {
    const once = applyRestore(current, file, 'merge');
    expect(applyRestore(once, file, 'merge')).toEqual(once);
  });
});

describe('replace', () => {
  it('with a backup: its set, choices and settings', () => {
    expect(applyRestore(current, file, 'replace')).toEqual({ transactions: file.transactions, symbolChoices: file.symbolChoices, settings: file.settings });
  });

  it('with a CSV: its set; the portfolio’s settings stay and its choices are added to', () => {
    const csv: BackupContent = { ...file, symbolChoices: { US0378331005: 'AAPL' }, settings: null };
    expect(applyRestore(current, csv, 'replace')).toEqual({
      transactions: file.transactions,
      symbolChoices: { IE00BK5BQT80: 'VWCE.DE', US0378331005: 'AAPL' },
      settings: { benchmark: 'IWDA.AS' },
    });
    expect(planRestore(current, csv).replace.settingsChanged).toEqual([]);
  });
});

/** A restore keeps the portfolio's cash (issue 33): merge keeps it and adds the file's it lacks, once; replace takes the file's. */
import { describe, expect, it } from 'vitest';
import type { CashTransaction } from '#src/model/cash';
import { applyRestore } from '#src/worker/backup/restore-plan';

const deposit = (date: string, value: number): CashTransaction => ({
  type: 'cash',
  kind: 'deposit',
  date,
  value,
  currency: 'EUR',
});
const current = {
  transactions: {
    stock: [],
    dividend: [],
    commission: [],
    cash: [deposit('2024-01-02', 100), deposit('2024-03-01', 50)],
  },
  symbolChoices: {},
  settings: {},
  csvMappings: [],
};

describe('a restore and the cash', () => {
  it('merge keeps the cash and adds the file’s rows the portfolio lacks, by date', () => {
    const file = {
      transactions: {
        stock: [],
        dividend: [],
        commission: [],
        cash: [deposit('2024-03-01', 50), deposit('2024-02-01', 10)],
      },
      symbolChoices: {},
      settings: null,
      csvMappings: null,
    };
    expect(applyRestore(current, file, 'merge').transactions.cash).toEqual([
      deposit('2024-01-02', 100),
      deposit('2024-02-01', 10),
      deposit('2024-03-01', 50),
    ]);
  });

  it('merge of a file without cash keeps the portfolio’s', () => {
    const file = {
      transactions: { stock: [], dividend: [], commission: [] },
      symbolChoices: {},
      settings: null,
      csvMappings: null,
    };
    expect(applyRestore(current, file, 'merge').transactions.cash).toEqual(current.transactions.cash);
  });

  it('replace takes the file’s cash', () => {
    const file = {
      transactions: { stock: [], dividend: [], commission: [], cash: [deposit('2024-02-01', 10)] },
      symbolChoices: {},
      settings: {},
      csvMappings: null,
    };
    expect(applyRestore(current, file, 'replace').transactions.cash).toEqual([deposit('2024-02-01', 10)]);
  });
});

import { describe } from 'vitest';
import { fromTransition } from 'xstate';
import type { SetView } from '#src/machines/services/worker-client';
import type { Outcome } from '#src/model/outcome';
import type { SessionEvent } from '#src/machines/auth-machine';
import { transactionsMachine, type TransactionsEvent } from '#src/machines/transactions-machine';
import type { ListedTransaction, Transaction } from '#src/model';
import type { CashTransaction, ListedCash } from '#src/model/cash';

import { testShortestPaths } from '#helpers/machines/graph-paths';

const buy: Transaction = {
  ticker: 'VWCE.DE',
  type: 'stock',
  date: '2024-01-02',
  amount: 10,
  value: 1000,
  currency: 'EUR',
};
const listed: ListedTransaction = { ...buy, id: 1 };
const deposit: CashTransaction = { type: 'cash', kind: 'deposit', date: '2024-01-01', value: 500, currency: 'EUR' };
const listedCash: ListedCash = { ...deposit, id: 2 };

const events: Array<TransactionsEvent | SessionEvent> = [
  { type: 'transactions.add', transaction: { ...buy, date: '2024-02-01' } },
  { type: 'transactions.add', transaction: { ...buy, type: 'bond' as Transaction['type'] } },
  { type: 'transactions.edit', listed, transaction: { ...buy, amount: 12 } },
  { type: 'transactions.delete', transaction: listed },
  { type: 'transactions.deleteAll' },
  { type: 'transactions.renameTicker', from: 'VWCE.DE', to: 'VWCE.MI' },
  { type: 'transactions.addCash', cash: deposit },
  { type: 'transactions.editCash', listed: listedCash, cash: { ...deposit, value: 600 } },
  { type: 'transactions.deleteCash', cash: listedCash },
  { type: 'accounts.create', name: 'Pension' },
  { type: 'accounts.rename', account: { id: 'main', name: 'My account' }, name: 'DEGIRO' },
  { type: 'accounts.delete', account: { id: 'acc-1', name: 'Pension' } },
  { type: 'session.changed', idToken: 'token-1' },
  { type: 'transactions.retry' },
  { type: 'transactions.dismiss' },
];

/** The portfolio the saver tells of a stored set or asks to reload (`portfolio.saved`, `portfolio.reload`). */
const portfolio = fromTransition((state) => state, {});

describe('transactions machine: the shortest path to every state, replayed with its actors replaced', () => {
  testShortestPaths(transactionsMachine, {
    events,
    outputs: {
      save: [
        {
          ok: true,
          transactions: { stock: [], dividend: [], commission: [] },
          byTicker: new Map(),
          version: '"2"',
          revisions: {},
          needed: { symbols: [], firstDate: null },
          accounts: [{ id: 'main', name: 'My account' }],
          cash: [],
        },
        { ok: false, status: 412, message: 'The transactions changed since you loaded them.' },
        { ok: false, status: 500, message: 'Storage failed to write.' },
      ] satisfies Array<Outcome<SetView>>,
    },
    neighbours: { portfolio },
    // Every successful save counts one up: whether any save succeeded is all that tells these states apart.
    stateKey: (snapshot) => ({ ...snapshot.context, saved: snapshot.context.saved > 0 }),
  });
});

import { describe } from 'vitest';
import { fromTransition } from 'xstate';
import { HttpError } from '../../../src/model/http';
import type { HeldSet } from '../../../src/machines/services/worker-client';
import { transactionsMachine, type TransactionsEvent } from '../../../src/machines/transactions-machine';
import type { Transaction, TransactionSet } from '../../../src/model';

import { testShortestPaths } from './graph-helpers';

const buy: Transaction = { ticker: 'VWCE.DE', type: 'stock', date: '2024-01-02', amount: 10, value: 1000, currency: 'EUR' };
const stored: TransactionSet = { stock: [buy], dividend: [], commission: [] };

const events: TransactionsEvent[] = [
  { type: 'transactions.add', transaction: { ...buy, date: '2024-02-01' } },
  { type: 'transactions.add', transaction: { ...buy, type: 'bond' as Transaction['type'] } },
  { type: 'transactions.delete', transaction: buy },
  { type: 'transactions.deleteAll' },
  { type: 'transactions.retry' },
  { type: 'transactions.dismiss' },
];

/** The portfolio the saver reads the token, base set and version from (`system.get('portfolio')`). */
const portfolio = fromTransition((state) => state, { idToken: 'token-1', transactions: stored, version: '"1"' });

describe('transactions machine: the shortest path to every state, replayed with its actors replaced', () => {
  testShortestPaths(transactionsMachine, {
    events,
    outputs: { save: [{ transactions: { stock: [], dividend: [], commission: [] }, version: '"2"', needed: { symbols: [], firstDate: null } } satisfies HeldSet] },
    failures: { save: [new HttpError(412, 'The transactions changed since you loaded them.', null)] },
    neighbours: { portfolio },
    // Every successful save counts one up: whether any save succeeded is all that tells these states apart.
    stateKey: (snapshot) => ({ ...snapshot.context, saved: snapshot.context.saved > 0 }),
  });
});

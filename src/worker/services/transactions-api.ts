/** `GET` and `PUT /api/transactions`, from the worker: the set's JSON is read and written here, never on the page. */
import type { TransactionSet } from '../../model';
import type { Account } from '../../model/cash';
import { storedTransactionsBody } from '../../model/stored-transactions-schema';
import { requestJson, type Credentials } from './http';

export interface VersionedSet {
  transactions: TransactionSet;
  /** The server's ETag for this set; sent back as `If-Match` so a stale write is refused. */
  version: string | null;
}

export async function fetchTransactions(credentials: Credentials): Promise<VersionedSet> {
  const { body, response } = await requestJson('/api/transactions', storedTransactionsBody, { credentials });
  return { transactions: body.transactions, version: response.headers.get('ETag') };
}

/** Stores the full set (and the accounts, when given); `version` refuses it (412) when the server holds a newer one. */
export async function putTransactions(credentials: Credentials, transactions: TransactionSet, accounts: readonly Account[] | null, version: string | null): Promise<VersionedSet> {
  const { body, response } = await requestJson('/api/transactions', storedTransactionsBody, {
    method: 'PUT',
    credentials,
    body: accounts ? { transactions, accounts } : { transactions },
    headers: version ? { 'If-Match': version } : {},
  });
  return { transactions: body.transactions, version: response.headers.get('ETag') };
}

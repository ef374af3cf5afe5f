/** `GET` and `PUT /api/transactions`, from the worker: the set's JSON is read and written here, never on the page. */
import type { TransactionSet } from '../../model';
import type { Account } from '../../model/cash';
import { storedTransactionsBody } from '../../model/stored-transactions-schema';
import { requestJson, type Credentials } from './http';

export interface VersionedSet {
  transactions: TransactionSet;
  /** The server's ETag for this set; sent back as `If-Match` so a stale write is refused. */
  version: string | null;
  /** The user's accounts, when the server answers them. */
  accounts?: Account[];
}

export async function fetchTransactions(credentials: Credentials): Promise<VersionedSet> {
  const { body, response } = await requestJson('/api/transactions', storedTransactionsBody, { credentials });
  return { transactions: body.transactions, version: response.headers.get('ETag'), ...(body.accounts ? { accounts: body.accounts } : {}) };
}

/** Stores the full set (and the accounts, when given); `version` refuses it (412) when the server holds a newer one. */
export async function putTransactions(credentials: Credentials, transactions: TransactionSet, version: string | null, accounts?: Account[]): Promise<VersionedSet> {
  const { body, response } = await requestJson('/api/transactions', storedTransactionsBody, {
    method: 'PUT',
    credentials,
    body: accounts ? { transactions, accounts } : { transactions },
    headers: version ? { 'If-Match': version } : {},
  });
  return { transactions: body.transactions, version: response.headers.get('ETag'), ...(body.accounts ? { accounts: body.accounts } : {}) };
}

/** `GET` and `PUT /api/transactions`, from the worker: the set's JSON is read and written here, never on the page. */
import type { TransactionSet } from '../../model';
import { accountsOrFirst, type Account } from '../../model/cash';
import { storedTransactionsBody } from '../../model/stored-transactions-schema';
import { requestJson, type Credentials } from './http';

export interface VersionedSet {
  /** The seed's three lists and the cash (an empty list when the server holds none). */
  transactions: TransactionSet;
  /** The user's accounts as the server sent them (never empty from this client); absent: the one first account (`accountsOrFirst`). */
  accounts?: Account[];
  /** The server's ETag for this set; sent back as `If-Match` so a stale write is refused. */
  version: string | null;
}

const versioned = (body: { transactions: TransactionSet; accounts?: Account[] }, response: Response): VersionedSet => ({
  transactions: { ...body.transactions, cash: body.transactions.cash ?? [] },
  accounts: accountsOrFirst(body.accounts),
  version: response.headers.get('ETag'),
});

export async function fetchTransactions(credentials: Credentials): Promise<VersionedSet> {
  const { body, response } = await requestJson('/api/transactions', storedTransactionsBody, { credentials });
  return versioned(body, response);
}

/** Stores the full set, its cash and the accounts; `version` refuses it (412) when the server holds a newer one. */
export async function putTransactions(
  credentials: Credentials,
  transactions: TransactionSet,
  accounts: readonly Account[],
  version: string | null,
): Promise<VersionedSet> {
  const { body, response } = await requestJson('/api/transactions', storedTransactionsBody, {
    method: 'PUT',
    credentials,
    body: { transactions: { ...transactions, cash: transactions.cash ?? [] }, accounts },
    headers: version ? { 'If-Match': version } : {},
  });
  return versioned(body, response);
}

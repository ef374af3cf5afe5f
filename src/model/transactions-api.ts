import type { TransactionSet, TransactionsBody } from './transaction';
import { requestJson } from './http';

export interface VersionedSet {
  transactions: TransactionSet;
  /** The server's ETag for this set; sent back as `If-Match` so a stale write is refused. */
  version: string | null;
}

export async function fetchTransactions(idToken: string): Promise<VersionedSet> {
  const { body, response } = await requestJson<TransactionsBody>('/api/transactions', { idToken });
  return { transactions: body.transactions, version: response.headers.get('ETag') };
}

/** Stores the full set; `version` refuses it (412) when the server holds a newer one. `xsrfToken`: see `requestJson`. */
export async function putTransactions(idToken: string, transactions: TransactionSet, version: string | null, xsrfToken?: string | null): Promise<VersionedSet> {
  const { body, response } = await requestJson<TransactionsBody>('/api/transactions', {
    method: 'PUT',
    idToken,
    xsrfToken,
    body: { transactions },
    headers: version ? { 'If-Match': version } : {},
  });
  return { transactions: body.transactions, version: response.headers.get('ETag') };
}

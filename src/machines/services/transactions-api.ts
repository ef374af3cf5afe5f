import type { TransactionSet, TransactionsBody } from '../../model';
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

export async function putTransactions(idToken: string, transactions: TransactionSet, version: string | null): Promise<VersionedSet> {
  const { body, response } = await requestJson<TransactionsBody>('/api/transactions', {
    method: 'PUT',
    idToken,
    body: { transactions },
    headers: version ? { 'If-Match': version } : {},
  });
  return { transactions: body.transactions, version: response.headers.get('ETag') };
}

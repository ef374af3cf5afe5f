/** `GET` and `PUT /api/transactions`, from the worker: the set's JSON is read and written here, never on the page. */
import type { TransactionSet } from '../../model';
import { accountsOrFirst, type Account } from '../../model/cash';
import { storedTransactionsBody } from '../../model/stored-transactions-schema';
import { HttpError, requestJson, type Credentials, type HeldAnswer, type HeldValidator } from './http';

/**
 * The set's last answer kept between visits (held-quotes/: the user's IndexedDB store), or nothing: `read`
 * answers it, `keep` stores a newer one.
 */
export interface HeldSet {
  read(): Promise<HeldValidator | null>;
  keep(answer: HeldAnswer): void;
}

export interface VersionedSet {
  /** The seed's three lists and the cash (an empty list when the server holds none). */
  transactions: TransactionSet;
  /** The user's accounts as the server sent them (never empty from this client); absent: the one first account (`accountsOrFirst`). */
  accounts?: Account[];
  /** The server's ETag for this set; sent back as `If-Match` so a stale write is refused. */
  version: string | null;
}

const versioned = (
  body: { transactions: TransactionSet; accounts?: Account[] },
  version: string | null,
): VersionedSet => ({
  transactions: { ...body.transactions, cash: body.transactions.cash ?? [] },
  accounts: accountsOrFirst(body.accounts),
  version,
});

/** Keeps an answer that came whole with its ETag (a 304's text is the one held already). */
function keep(held: HeldSet | undefined, response: Response, text: string): string | null {
  const etag = response.headers.get('ETag');
  if (held && etag !== null && response.status === 200) held.keep({ etag, text });
  return etag;
}

/**
 * The stored set. With `held`, the answer held from the last visit is named by its ETag (`If-None-Match`):
 * the server answers 304 while the set is unchanged, and the held text is read as if it had come.
 */
export async function fetchTransactions(credentials: Credentials, held?: HeldSet): Promise<VersionedSet> {
  const kept = (await held?.read().catch(() => null)) ?? undefined;
  let answer;
  try {
    answer = await requestJson('/api/transactions', storedTransactionsBody, { credentials, held: kept });
  } catch (error) {
    // A held text this version of the app no longer reads (kept by an older one): the whole set, once.
    if (!(kept && error instanceof HttpError && error.status === 304)) throw error;
    answer = await requestJson('/api/transactions', storedTransactionsBody, { credentials });
  }
  const { body, response, text } = answer;
  const etag = keep(held, response, text);
  return versioned(body, response.status === 304 ? (etag ?? kept!.etag) : etag);
}

/**
 * Stores the full set, its cash and the accounts; `version` refuses it (412) when the server holds a newer
 * one. The answer (the set stored, its new ETag) is kept in `held`.
 */
export async function putTransactions(
  credentials: Credentials,
  transactions: TransactionSet,
  accounts: readonly Account[],
  version: string | null,
  held?: HeldSet,
): Promise<VersionedSet> {
  const { body, response, text } = await requestJson('/api/transactions', storedTransactionsBody, {
    method: 'PUT',
    credentials,
    body: { transactions: { ...transactions, cash: transactions.cash ?? [] }, accounts },
    headers: version ? { 'If-Match': version } : {},
  });
  // The stored set as the server answers it after the write: the next visit's to hold.
  return versioned(body, keep(held, response, text));
}

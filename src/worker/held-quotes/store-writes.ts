/**
 * The held store's writes and its deletion (`store.ts`), in a chunk of their own: they run a second after
 * the figures or at a sign-out (`holding.ts`), so the worker's first chunk does without them.
 */
import type { HeldQuoteColumns, QuoteErrorEntry } from '../../model/quotes';
import type { QuotesRequest } from '../services/quotes-api';
import type { HeldAnswer } from '../services/http';
import type { HeldFigures } from './figures';
import {
  ANSWERS,
  FIGURES_KEY,
  idb,
  LAST_KEY,
  NAME_PREFIX,
  SET_ETAG_KEY,
  SET_KEY,
  settled,
  STORE,
  type LastRequest,
} from './store';

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
  });
}

/** Replaces the held series of each symbol given and, in the same transaction, the last request. */
export async function writeSeries(
  db: IDBDatabase,
  series: readonly HeldQuoteColumns[],
  request: QuotesRequest,
  entries: ReadonlyArray<HeldQuoteColumns | QuoteErrorEntry>,
) {
  const validators: Record<string, string> = {};
  // A series answered without a validator (an older service) is held unchecked: never named.
  for (const entry of entries)
    if ('validator' in entry && entry.validator !== '') validators[entry.symbol] = entry.validator;
  const { symbols, startSeconds } = request;
  const last: LastRequest = { symbols, startSeconds, rates: request.rates ?? null, validators };
  const transaction = db.transaction([STORE, ANSWERS], 'readwrite');
  const store = transaction.objectStore(STORE);
  for (const one of series) store.put(one);
  transaction.objectStore(ANSWERS).put(last, LAST_KEY);
  await done(transaction);
}

/** Replaces the transaction set's held answer. */
export async function writeSet(db: IDBDatabase, answer: HeldAnswer) {
  const transaction = db.transaction(ANSWERS, 'readwrite');
  transaction.objectStore(ANSWERS).put({ etag: answer.etag, text: answer.text }, SET_KEY);
  // The ETag alone too: a load reads it first and names it in its GET while the text is read.
  transaction.objectStore(ANSWERS).put(answer.etag, SET_ETAG_KEY);
  await done(transaction);
}

/** Replaces the held figures (`figures.ts`; typed arrays, which IndexedDB keeps as they are); null deletes them. */
export async function writeFigures(db: IDBDatabase, figures: HeldFigures | null) {
  const transaction = db.transaction(ANSWERS, 'readwrite');
  if (figures) transaction.objectStore(ANSWERS).put(figures, FIGURES_KEY);
  else transaction.objectStore(ANSWERS).delete(FIGURES_KEY);
  await done(transaction);
}

/** Deletes every user's held quotes in this browser (`current`, the one this worker opened, at least). */
export async function forgetAllHeldQuotes(current: string | null): Promise<void> {
  const factory = idb();
  if (!factory) return;
  const names = new Set<string>();
  if (current !== null) names.add(NAME_PREFIX + current);
  try {
    for (const info of await factory.databases()) if (info.name?.startsWith(NAME_PREFIX)) names.add(info.name);
  } catch {
    // Without the list, the current user's store is deleted.
  }
  await Promise.all([...names].map((name) => settled(factory.deleteDatabase(name)).catch(() => undefined)));
}

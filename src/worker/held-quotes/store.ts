/**
 * Each symbol's series the signed-in user was last answered, kept in IndexedDB between visits: one
 * database per user (named after the ID token's `sub`), one record per symbol (`HeldQuoteColumns`, typed
 * arrays, which IndexedDB stores as they are); beside them (`answers`, since version 2 of the database)
 * the transaction set's last answer, its JSON text with its ETag, and the last quotes request with the
 * validator of each series held after its answer (`LastRequest`: a visit sends it again before it knows
 * the set), and the figures of the last load (`figures.ts`). A sign-out and an account deletion
 * delete every such database of this browser. Where IndexedDB is missing or refuses (a private window,
 * Node in the tests) nothing is held and every load asks for the whole series and set, as before.
 */
import type { HeldQuoteColumns, QuoteErrorEntry } from '../../model/quotes';
import type { QuotesRequest } from '../services/quotes-api';
import type { HeldAnswer } from '../services/http';
import { isHeldFigures, type HeldFigures } from './figures';

export const NAME_PREFIX = 'investments-tracker-quotes:';
export const STORE = 'series';
export const ANSWERS = 'answers';
/** The key of the transaction set's answer in `answers`. */
export const SET_KEY = 'transactions';
/** The key of the set's held ETag alone in `answers` (written with the answer): read before its text. */
export const SET_ETAG_KEY = 'transactions-etag';
/** The key of the last quotes request in `answers`. */
export const LAST_KEY = 'quotes';
/** The key of the figures of a load in `answers` (`figures.ts`). */
export const FIGURES_KEY = 'figures';

/** The last quotes request and, per symbol, the validator of the series held after its answer (rates too). */
export interface LastRequest {
  symbols: string[];
  startSeconds: number;
  rates: string | null;
  validators: Record<string, string>;
}

export interface HeldQuotes {
  /** The held series of those of `symbols` this browser holds. */
  read(symbols: readonly string[]): Promise<Map<string, HeldQuoteColumns>>;
  /**
   * Replaces the held series of each symbol given and, in the same transaction, the last request: `request`
   * with the validator of each of the `entries` its answer left held (`LastRequest`).
   */
  write(
    series: readonly HeldQuoteColumns[],
    request: QuotesRequest,
    entries: ReadonlyArray<HeldQuoteColumns | QuoteErrorEntry>,
  ): Promise<void>;
  /** The last quotes request, or null. */
  readLast(): Promise<LastRequest | null>;
  /** The transaction set's held answer, or null. */
  readSet(): Promise<HeldAnswer | null>;
  /** The held answer's ETag, read alone (a small record), or null. */
  readSetEtag(): Promise<string | null>;
  /** Replaces the transaction set's held answer. */
  writeSet(answer: HeldAnswer): Promise<void>;
  /** The figures of the last load kept (`figures.ts`), or null. */
  readFigures(): Promise<HeldFigures | null>;
  /** Replaces the held figures; null deletes them. */
  writeFigures(figures: HeldFigures | null): Promise<void>;
  close(): void;
}

export const idb = (): IDBFactory | null => (typeof indexedDB === 'undefined' ? null : indexedDB);

export function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The `sub` of an ID token (a JWT), read without checking it: it only names this browser's store. */
export function subjectOf(idToken: string): string | null {
  const payload = idToken.replace(/^Bearer\s+/i, '').split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof json.sub === 'string' && json.sub !== '' ? json.sub : null;
  } catch {
    return null;
  }
}

/** The store of `user`; null when this browser keeps none. */
export async function openHeldQuotes(user: string): Promise<HeldQuotes | null> {
  const factory = idb();
  if (!factory) return null;
  let db: IDBDatabase;
  try {
    const request = factory.open(NAME_PREFIX + user, 2);
    request.onupgradeneeded = () => {
      const names = request.result.objectStoreNames;
      if (!names.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'symbol' });
      if (!names.contains(ANSWERS)) request.result.createObjectStore(ANSWERS);
    };
    db = await settled(request);
  } catch {
    return null;
  }
  // Another tab deleting the stores (a sign-out there) must not wait for this one.
  db.onversionchange = () => db.close();
  return {
    async read(symbols) {
      const held = new Map<string, HeldQuoteColumns>();
      try {
        const store = db.transaction(STORE, 'readonly').objectStore(STORE);
        const found = await Promise.all(symbols.map((symbol) => settled<unknown>(store.get(symbol))));
        for (const series of found) if (isHeld(series)) held.set(series.symbol, series);
      } catch {
        // A closed or broken store holds nothing: the whole series are asked for.
      }
      return held;
    },
    // Written a second after the figures (holding.ts): their code is loaded then (store-writes.ts).
    write: (...written) => import('./store-writes').then((writes) => writes.writeSeries(db, ...written)),
    readLast: () => readAnswer(db, LAST_KEY, isLastRequest),
    readSet: () => readAnswer(db, SET_KEY, isHeldAnswer),
    readSetEtag: () => readAnswer(db, SET_ETAG_KEY, (etag): etag is string => typeof etag === 'string' && etag !== ''),
    writeSet: (answer) => import('./store-writes').then((writes) => writes.writeSet(db, answer)),
    readFigures: () => readAnswer(db, FIGURES_KEY, isHeldFigures),
    writeFigures: (figures) => import('./store-writes').then((writes) => writes.writeFigures(db, figures)),
    close: () => db.close(),
  };
}

/** The record `key` of `answers` when `check` takes it, else null. */
async function readAnswer<T>(db: IDBDatabase, key: string, check: (value: unknown) => value is T): Promise<T | null> {
  try {
    const held = await settled<unknown>(db.transaction(ANSWERS, 'readonly').objectStore(ANSWERS).get(key));
    return check(held) ? held : null;
  } catch {
    return null;
  }
}

function isHeldAnswer(value: unknown): value is HeldAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const held = value as Partial<HeldAnswer>;
  return typeof held.etag === 'string' && held.etag !== '' && typeof held.text === 'string';
}

/**
 * Its own record; whatever else is wrong with one, the early request it makes fails or is refused by the
 * service (which checks the symbols, first day and validators), and the load asks as ever.
 */
function isLastRequest(value: unknown): value is LastRequest {
  return Array.isArray((value as Partial<LastRequest> | undefined)?.symbols);
}

function isHeld(value: unknown): value is HeldQuoteColumns {
  if (typeof value !== 'object' || value === null) return false;
  const held = value as Partial<HeldQuoteColumns>;
  return (
    typeof held.symbol === 'string' &&
    typeof held.validator === 'string' &&
    held.days instanceof Int32Array &&
    held.closes instanceof Float64Array &&
    held.days.length === held.closes.length &&
    typeof held.meta === 'object' &&
    held.dividends?.days instanceof Int32Array &&
    held.splits?.days instanceof Int32Array
  );
}

/**
 * Each symbol's series the signed-in user was last answered, kept in IndexedDB between visits: one
 * database per user (named after the ID token's `sub`), one record per symbol (`HeldQuoteColumns`, typed
 * arrays, which IndexedDB stores as they are); beside them (`answers`, since version 2 of the database)
 * the transaction set's last answer, its JSON text with its ETag. A sign-out and an account deletion
 * delete every such database of this browser. Where IndexedDB is missing or refuses (a private window,
 * Node in the tests) nothing is held and every load asks for the whole series and set, as before.
 */
import type { HeldQuoteColumns } from '../../model/quotes';
import type { HeldAnswer } from '../services/http';

const NAME_PREFIX = 'investments-tracker-quotes:';
const STORE = 'series';
const ANSWERS = 'answers';
/** The key of the transaction set's answer in `answers`. */
const SET_KEY = 'transactions';

export interface HeldQuotes {
  /** The held series of those of `symbols` this browser holds. */
  read(symbols: readonly string[]): Promise<Map<string, HeldQuoteColumns>>;
  /** Replaces the held series of each symbol given. */
  write(series: readonly HeldQuoteColumns[]): Promise<void>;
  /** The transaction set's held answer, or null. */
  readSet(): Promise<HeldAnswer | null>;
  /** Replaces the transaction set's held answer. */
  writeSet(answer: HeldAnswer): Promise<void>;
  close(): void;
}

const idb = (): IDBFactory | null => (typeof indexedDB === 'undefined' ? null : indexedDB);

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
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
    async write(series) {
      if (series.length === 0) return;
      const transaction = db.transaction(STORE, 'readwrite');
      const store = transaction.objectStore(STORE);
      for (const one of series) store.put(one);
      await done(transaction);
    },
    async readSet() {
      try {
        const held = await settled<unknown>(db.transaction(ANSWERS, 'readonly').objectStore(ANSWERS).get(SET_KEY));
        return isHeldAnswer(held) ? held : null;
      } catch {
        return null;
      }
    },
    async writeSet(answer) {
      const transaction = db.transaction(ANSWERS, 'readwrite');
      transaction.objectStore(ANSWERS).put({ etag: answer.etag, text: answer.text }, SET_KEY);
      await done(transaction);
    },
    close: () => db.close(),
  };
}

function isHeldAnswer(value: unknown): value is HeldAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const held = value as Partial<HeldAnswer>;
  return typeof held.etag === 'string' && held.etag !== '' && typeof held.text === 'string';
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

/**
 * The quotes the worker holds in IndexedDB between visits (src/worker/held-quotes/): deleted from the page
 * so that the next load is a first visit's. The worker closes its connection when asked to (a
 * `versionchange`), so the deletion does not wait for it.
 */
import type { Page } from '@playwright/test';

/** What the page's `indexedDB` offers that this uses (the bench's TypeScript has no DOM types). */
interface Request<T> {
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
  error: Error | null;
  result: T;
}
interface Database {
  transaction(store: string): { objectStore(store: string): { count(key?: string): Request<number> } };
  close(): void;
}
interface Factory {
  databases(): Promise<Array<{ name?: string }>>;
  deleteDatabase(name: string): Request<undefined>;
  open(name: string): Request<Database>;
}

export async function forgetHeldQuotes(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const indexedDB = (globalThis as unknown as { indexedDB: Factory }).indexedDB;
    const names = (await indexedDB.databases()).flatMap((info) =>
      info.name?.startsWith('investments-tracker-quotes:') ? [info.name] : [],
    );
    await Promise.all(
      names.map(
        (name) =>
          new Promise<void>((resolve, reject) => {
            const request = indexedDB.deleteDatabase(name);
            request.onsuccess = () => resolve();
            request.onerror = () => reject(request.error ?? new Error(`${name} could not be deleted`));
          }),
      ),
    );
    return names.length;
  });
}

/** How many records of `store` (`key`: of that key alone) the page's held database holds; 0 without one. */
function heldCount(page: Page, store: string, key?: string): Promise<number> {
  return page.evaluate(
    async ([store, key]) => {
      const indexedDB = (globalThis as unknown as { indexedDB: Factory }).indexedDB;
      const [name] = (await indexedDB.databases()).flatMap((info) =>
        info.name?.startsWith('investments-tracker-quotes:') ? [info.name] : [],
      );
      if (!name) return 0;
      return new Promise<number>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction(store).objectStore(store).count(key);
          count.onsuccess = () => (db.close(), resolve(count.result));
          count.onerror = () => (db.close(), resolve(0));
        };
      });
    },
    [store, key] as const,
  );
}

/** Polls `held` every 100 ms until it is above 0 or `timeoutMs` have passed; whether it was. */
async function pollHeld(held: () => Promise<number>, timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if ((await held()) > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * Waits until the worker has stored what the load held (it writes them a moment after the figures): the
 * series, the last request and the set, then the figures, written last (src/worker/held-quotes/figures.ts),
 * waited for `figuresMs` more: figures too big to keep are never written (XL's).
 */
export async function waitForHeldWrites(page: Page, timeoutMs = 15_000, figuresMs = 5_000): Promise<void> {
  if (!(await pollHeld(() => heldCount(page, 'series'), timeoutMs)))
    throw new Error(`The worker stored no quotes within ${timeoutMs} ms`);
  await pollHeld(() => heldCount(page, 'answers', 'figures'), figuresMs);
}

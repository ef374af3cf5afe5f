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
  transaction(store: string): { objectStore(store: string): { count(): Request<number> } };
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

/** Waits until the worker has stored the series of the load (it writes them a moment after the figures). */
export async function waitForHeldQuotes(page: Page, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const held = await page.evaluate(async () => {
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
          const count = db.transaction('series').objectStore('series').count();
          count.onsuccess = () => (db.close(), resolve(count.result));
          count.onerror = () => (db.close(), resolve(0));
        };
      });
    });
    if (held > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The worker stored no quotes within ${timeoutMs} ms`);
}

/**
 * The quotes the worker holds in IndexedDB between visits (src/worker/held-quotes/): deleted from the page
 * so that the next load is a first visit's. The worker closes its connection when asked to (a
 * `versionchange`), so the deletion does not wait for it.
 */
import type { Page } from '@playwright/test';

/** What the page's `indexedDB` offers that this uses (the bench's TypeScript has no DOM types). */
interface Factory {
  databases(): Promise<Array<{ name?: string }>>;
  deleteDatabase(name: string): { onsuccess: (() => void) | null; onerror: (() => void) | null; error: Error | null };
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

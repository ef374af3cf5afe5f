/**
 * A domain's intents whose code the dashboard's first load never calls (an import, another broker's CSV,
 * your data): their module is fetched by the first call of any of them, once, so the worker's first
 * chunk leaves it out. `names` lists every intent of the domain (checked against the module's type); each
 * becomes an async function with the same parameters, answering what the intent answers.
 */
// Any function: the intents' own parameter types are kept by the mapped type below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Intents = Record<string, (...args: any[]) => unknown>;

export type Deferred<T extends Intents> = {
  [K in keyof T]: (...args: Parameters<T[K]>) => Promise<Awaited<ReturnType<T[K]>>>;
};

export function lazyIntents<T extends Intents>(names: Record<keyof T, true>, load: () => Promise<T>): Deferred<T> {
  let loaded: Promise<T> | null = null;
  const intents = () =>
    (loaded ??= load().catch((error: unknown) => {
      // A failed fetch of the chunk (a deployment replaced it) is tried again by the next call.
      loaded = null;
      throw error;
    }));
  const deferred: Partial<Deferred<T>> = {};
  for (const name of Object.keys(names) as Array<keyof T>) {
    deferred[name] = (async (...args: Parameters<T[typeof name]>) =>
      (await intents())[name]!(...args)) as Deferred<T>[typeof name];
  }
  return deferred as Deferred<T>;
}

/**
 * What the views of one signed-in session remember between reads: the charts' memory (chart-models.ts)
 * and the last result of each selector's computation. It belongs to the portfolio actor's context and a
 * sign-out replaces it, so nothing one user's views computed is kept, or handed out, after that user has
 * gone. The selectors' modules hold only pure functions; every memory is here.
 */
import { ChartModels } from './chart-models';

type Compute = (...args: never[]) => unknown;

/**
 * Remembers the last result and its arguments: the same arguments (by identity) give the same object,
 * so a selector over the worker's objects hands `useSelector` the same answer until the data changes.
 */
function memoizeLast<Args extends unknown[], Result>(compute: (...args: Args) => Result): (...args: Args) => Result {
  let lastArgs: Args | null = null;
  let lastResult!: Result;
  return (...args: Args) => {
    if (lastArgs && lastArgs.every((arg, i) => Object.is(arg, args[i]))) return lastResult;
    lastResult = compute(...args);
    lastArgs = args;
    return lastResult;
  };
}

export class SessionMemory {
  /** The dashboard charts' memory: unchanged data keeps its arrays, an unchanged chart its model. */
  readonly charts = new ChartModels();
  /** Per computation, its memoized form: the last arguments and result. */
  private readonly lasts = new Map<Compute, Compute>();
  /** Per computation, its result for each key object it was asked about. */
  private readonly perKey = new Map<Compute, WeakMap<object, unknown>>();

  /** `compute` remembering its last arguments and result for this session. */
  last<Args extends unknown[], Result>(compute: (...args: Args) => Result): (...args: Args) => Result {
    let memoized = this.lasts.get(compute) as ((...args: Args) => Result) | undefined;
    if (!memoized) this.lasts.set(compute, (memoized = memoizeLast(compute)));
    return memoized;
  }

  /** `compute(key)`, computed once per key object in this session. */
  once<Key extends object, Result>(compute: (key: Key) => Result, key: Key): Result {
    let results = this.perKey.get(compute);
    if (!results) this.perKey.set(compute, (results = new WeakMap()));
    if (!results.has(key)) results.set(key, compute(key));
    return results.get(key) as Result;
  }
}

export const createSessionMemory = (): SessionMemory => new SessionMemory();

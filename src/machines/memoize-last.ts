/**
 * Remembers the last result and its arguments: the same arguments (by identity) give the same object,
 * so a selector over the worker's objects hands `useSelector` the same answer until the data changes.
 */
export function memoizeLast<Args extends unknown[], Result>(compute: (...args: Args) => Result): (...args: Args) => Result {
  let lastArgs: Args | null = null;
  let lastResult!: Result;
  return (...args: Args) => {
    if (lastArgs && lastArgs.every((arg, i) => Object.is(arg, args[i]))) return lastResult;
    lastResult = compute(...args);
    lastArgs = args;
    return lastResult;
  };
}

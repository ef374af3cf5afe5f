/**
 * Deep comparison of two `expected`-shaped values: numbers within a tolerance, everything else equal
 * (`figureDifferences`); or to the bit, typed arrays of the same kind (`firstDifference`).
 */

/** One line per difference, each with its JSON path; empty when they agree. */
export function figureDifferences(actual: unknown, expected: unknown, tolerance = 1e-6, path = '$'): string[] {
  if (typeof expected === 'number' && typeof actual === 'number') {
    // Object.is first: the same non-finite figure (a percentage of a denormal value) agrees with itself.
    return Object.is(actual, expected) || Math.abs(actual - expected) <= tolerance
      ? []
      : [`${path}: ${actual} ≠ ${expected}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: not an array`];
    if (actual.length !== expected.length) return [`${path}: length ${actual.length} ≠ ${expected.length}`];
    return expected.flatMap((item, k) => figureDifferences(actual[k], item, tolerance, `${path}[${k}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: not an object`];
    const expectedKeys = Object.keys(expected).sort();
    const actualKeys = Object.keys(actual).sort();
    if (expectedKeys.join() !== actualKeys.join())
      return [`${path}: keys ${actualKeys.join(',')} ≠ ${expectedKeys.join(',')}`];
    return expectedKeys.flatMap((key) =>
      figureDifferences(
        (actual as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
        tolerance,
        `${path}.${key}`,
      ),
    );
  }
  return Object.is(actual, expected) ? [] : [`${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`];
}

/** The path of the first value that differs (Object.is: NaN equals NaN, 0 and −0 differ), or null. */
export function firstDifference(a: unknown, b: unknown, path = 'derivation'): string | null {
  if (Object.is(a, b)) return null;
  if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
    const x = a as unknown as ArrayLike<number>;
    const y = b as unknown as ArrayLike<number>;
    if (x.length !== y.length || a.constructor !== b.constructor) return `${path}: ${x.length} vs ${y.length} values`;
    for (let k = 0; k < x.length; k += 1) if (!Object.is(x[k], y[k])) return `${path}[${k}]: ${x[k]} vs ${y[k]}`;
    return null;
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path}: ${a} vs ${b}`;
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  if (keys.join() !== otherKeys.join()) return `${path}: keys ${keys.join()} vs ${otherKeys.join()}`;
  for (const key of keys) {
    const difference = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}.${key}`,
    );
    if (difference) return difference;
  }
  return null;
}

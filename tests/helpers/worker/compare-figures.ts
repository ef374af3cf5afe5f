/** Deep comparison of two `expected`-shaped values: numbers within a tolerance, everything else equal. */

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

/**
 * The figures a load keeps between visits (src/worker/held-quotes/figures.ts): the key names every input
 * of the derive, so that a visit with any other input derives again; the copy kept is the derive's answer
 * value for value, in one buffer of its own that the answer's transfer leaves whole; and a fresh chart
 * memory numbers a derivation's charts the same way each time (a load answered with held figures relies
 * on it: the derive it owes gives the charts the revisions the page already holds).
 */
import { describe, expect, it } from 'vitest';
import { DashboardCharts } from '#src/worker/dashboard-charts';
import { FigureInputs, packedCopy, type DeriveParts } from '#src/worker/held-quotes/figures';
import { collectTransferables } from '#src/worker/transferables';
import { ASML_AND_KO, derive } from '#helpers/ui/dashboard-portfolio';

const PARTS: DeriveParts = {
  build: '/assets/index-AbC123.js',
  set: '"v7"',
  base: 'EUR',
  view: null,
  active: null,
  asOf: '2024-06-30',
};

function inputs(): FigureInputs {
  const made = new FigureInputs();
  made.benchmarkTaken(null);
  made.quotesTaken([
    { symbol: 'KO', error: 'No data for KO' },
    { ...heldSeries('ASML.AS'), validator: 'aaaaaaaaaaaaaaaa.19900.bbbbbbbbbbbbbbbb' },
  ]);
  return made;
}

/** A held series (typed columns) of `symbol`, as the worker keeps one. */
function heldSeries(symbol: string) {
  return {
    symbol,
    meta: { currency: 'EUR', exchangeTimezoneName: 'UTC', dataSource: 'yahoo' as const },
    days: Int32Array.of(19900),
    closes: Float64Array.of(500),
    dividends: { days: new Int32Array(0), amounts: new Float64Array(0) },
    splits: { days: new Int32Array(0), numerators: new Float64Array(0), denominators: new Float64Array(0) },
    validator: '',
  };
}

describe('the key of held figures', () => {
  const key = inputs().keyFor(PARTS);

  it('is the same for the same inputs, whatever order the quotes came in', () => {
    const other = new FigureInputs();
    other.quotesTaken([{ ...heldSeries('ASML.AS'), validator: 'aaaaaaaaaaaaaaaa.19900.bbbbbbbbbbbbbbbb' }]);
    other.quotesTaken([{ symbol: 'KO', error: 'No data for KO' }]);
    expect(key).not.toBeNull();
    expect(other.keyFor(PARTS)).toBe(key);
  });

  it.each<[string, Partial<DeriveParts>]>([
    ['another build', { build: '/assets/index-XyZ789.js' }],
    ['another version of the set', { set: '"v8"' }],
    ['another base currency', { base: 'GBP' }],
    ['an account’s view', { view: 'pension' }],
    ['other checked tickers', { active: ['ASML.AS'] }],
    ['no ticker checked', { active: [] }],
    ['another day', { asOf: '2024-07-01' }],
  ])('changes with %s', (_, change) => {
    expect(inputs().keyFor({ ...PARTS, ...change })).not.toBe(key);
  });

  it('changes with a series’ validator, an error’s text, a series that replaces an error, and the benchmark', () => {
    const validator = inputs();
    validator.quotesTaken([{ ...heldSeries('ASML.AS'), validator: 'cccccccccccccccc.19900.bbbbbbbbbbbbbbbb' }]);
    const error = inputs();
    error.quotesTaken([{ symbol: 'KO', error: 'Too many requests' }]);
    const priced = inputs();
    priced.quotesTaken([{ ...heldSeries('KO'), validator: 'dddddddddddddddd.19900.eeeeeeeeeeeeeeee' }]);
    const benchmark = inputs();
    benchmark.benchmarkTaken('VWCE.DE');
    const keys = [validator, error, priced, benchmark].map((one) => one.keyFor(PARTS));
    expect(new Set([key, ...keys]).size).toBe(5);
  });

  it('is null where an input has no name: no build (development), no set held, a series without a validator', () => {
    expect(inputs().keyFor({ ...PARTS, build: null })).toBeNull();
    expect(inputs().keyFor({ ...PARTS, set: null })).toBeNull();
    const unnamed = inputs();
    unnamed.quotesTaken([heldSeries('IBE.MC')]);
    expect(unnamed.keyFor(PARTS)).toBeNull();
  });
});

/** ASML in EUR, KO in USD with a dividend, the rate EUR=X: charts of prices, values and dividends. */
const chartedDerivation = (charts = new DashboardCharts()) =>
  charts.derived(derive(ASML_AND_KO.set, ASML_AND_KO.quotes, '2024-06-30'), null);

/** Every typed array in `value`. */
function typedArrays(value: unknown, found: ArrayBufferView[] = []): ArrayBufferView[] {
  if (value === null || typeof value !== 'object') return found;
  if (ArrayBuffer.isView(value)) found.push(value);
  else for (const part of Array.isArray(value) ? value : Object.values(value)) typedArrays(part, found);
  return found;
}

describe('the copy of figures kept', () => {
  it('is the answer value for value, every typed array in one ArrayBuffer of its own, and stays whole when the answer is transferred', () => {
    const figures = chartedDerivation();
    const copy = packedCopy(figures)!;
    expect(copy).toEqual(figures);
    const buffers = new Set(typedArrays(copy).map((view) => view.buffer));
    expect(buffers.size).toBe(1);
    const [pack] = buffers;
    expect(pack).toBeInstanceOf(ArrayBuffer);
    // The closes the engine shares (shared memory in Node, as in an isolated page) are copied too.
    expect(typedArrays(figures).some((view) => view.buffer instanceof SharedArrayBuffer)).toBe(true);
    for (const view of typedArrays(figures)) expect(view.buffer).not.toBe(pack);

    const expected = structuredClone(copy);
    structuredClone(figures, { transfer: collectTransferables(figures) });
    expect(typedArrays(figures).some((view) => view.byteLength === 0)).toBe(true);
    expect(copy).toEqual(expected);
  });

  it('copies memory that several views share once, and an object several charts name stays one object', () => {
    const days = Float64Array.of(1, 2, 3);
    const shape = { key: 'price', series: [] };
    const value = { a: { shape, days }, b: { shape, days: days.subarray(0, 3) }, c: days.subarray(1) };
    const copy = packedCopy(value)!;
    expect(copy.a.shape).toBe(copy.b.shape);
    // The same range through two views: one copy; a view of part of it: a copy of that part.
    expect(copy.b.days.byteOffset).toBe(copy.a.days.byteOffset);
    expect(copy.b.days.buffer.byteLength).toBe(3 * 8 + 2 * 8);
    expect([...copy.b.days]).toEqual([1, 2, 3]);
    expect([...copy.c]).toEqual([2, 3]);
  });

  it('is null, and nothing copied, when its typed arrays would take more than the most held figures may', () => {
    expect(packedCopy(chartedDerivation(), 64)).toBeNull();
    expect(packedCopy({ values: new Float64Array(9) }, 64)).toBeNull();
    expect(packedCopy({ values: new Float64Array(8) }, 64)).not.toBeNull();
  });
});

describe('a fresh chart memory', () => {
  it('numbers the same derivation’s charts the same way, and is fresh only until its first build', () => {
    const first = new DashboardCharts();
    const second = new DashboardCharts();
    expect(first.fresh()).toBe(true);
    const revisions = (charts: DashboardCharts) =>
      chartedDerivation(charts).charts.charts.map(({ title, revision }) => [title, revision]);
    const once = revisions(first);
    expect(first.fresh()).toBe(false);
    expect(once.length).toBeGreaterThan(5);
    expect(revisions(second)).toEqual(once);
  });
});

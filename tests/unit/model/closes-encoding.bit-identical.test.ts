/**
 * Closes as integer deltas (`closes: "deltas"` on `POST /api/quotes`): what the worker decodes is, bit for
 * bit, what JSON of the plain closes gives it; closes that no scale 0..6 gives back travel plain.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCloses, encodeCloses } from '#src/model/closes-encoding';

/** What a client reads of the closes today: JSON of the plain numbers. */
const viaJson = (closes: number[]) => JSON.parse(JSON.stringify(closes)) as number[];

/** The bits of each double: toEqual would let a different double that prints the same pass. */
const bits = (values: number[]) => [...new BigUint64Array(new Float64Array(values).buffer)];

/** A close written with `decimals` decimals, as a price feed writes it, read by JSON.parse. */
const decimalClose = (decimals: number) =>
  fc
    .bigInt({ min: 0n, max: 10n ** 12n })
    .map((units) =>
      Number.parseFloat(
        `${units / 10n ** BigInt(decimals)}.${(units % 10n ** BigInt(decimals)).toString().padStart(decimals, '0')}`,
      ),
    );

describe('closes as integer deltas', () => {
  it('gives back the very doubles of closes written with 0 to 6 decimals, at the smallest scale that does', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 6 })
          .chain((decimals) =>
            fc.tuple(fc.constant(decimals), fc.array(decimalClose(decimals), { minLength: 1, maxLength: 300 })),
          ),
        ([decimals, closes]) => {
          const encoded = encodeCloses(closes);
          expect(encoded, 'every close has at most 6 decimals').not.toBeNull();
          expect(encoded!.scale).toBeLessThanOrEqual(decimals);
          const wire = viaJson(encoded!.deltas);
          expect(wire.every(Number.isSafeInteger)).toBe(true);
          expect(bits(decodeCloses(wire, encoded!.scale))).toEqual(bits(viaJson(closes)));
          // The smallest: one scale fewer would not give every close back.
          if (encoded!.scale > 0)
            expect(
              closes.every((c) => Math.round(c * 10 ** (encoded!.scale - 1)) / 10 ** (encoded!.scale - 1) === c),
            ).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("gives back Yahoo's float32 closes (decimals widened from float32) bit for bit, through Math.fround", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 6 })
          .chain((decimals) => fc.array(decimalClose(decimals).map(Math.fround), { minLength: 1, maxLength: 300 })),
        (closes) => {
          const encoded = encodeCloses(closes);
          expect(encoded, 'float32s of at most 6 decimals').not.toBeNull();
          const decoded = decodeCloses(viaJson(encoded!.deltas), encoded!.scale, encoded!.float32);
          expect(bits(decoded)).toEqual(bits(viaJson(closes)));
        },
      ),
      { numRuns: 2000 },
    );
    // As recorded from Yahoo: float32s at cents.
    expect(encodeCloses([239.64999389648438, 243, 242.00999450683594])).toEqual({
      scale: 2,
      float32: true,
      deltas: [23965, 335, -99],
    });
  });

  it('leaves closes that no scale gives back plain (random doubles), and gives back any it does encode', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 50 }),
        (closes) => {
          const encoded = encodeCloses(closes);
          if (encoded === null) return;
          expect(bits(decodeCloses(viaJson(encoded.deltas), encoded.scale))).toEqual(bits(viaJson(closes)));
        },
      ),
      { numRuns: 5000 },
    );
    // Full-precision doubles (a converted price) have no scale of 6 or fewer decimals.
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 50 }),
        (closes) => {
          // As the encoding is specified: no scale 0..6 gives every double back, and not all are float32s.
          const scales = [0, 1, 2, 3, 4, 5, 6].map((k) => 10 ** k);
          fc.pre(scales.every((p) => closes.some((c) => Math.round(c * p) / p !== c)));
          fc.pre(closes.some((c) => Math.fround(c) !== c));
          expect(encodeCloses(closes)).toBeNull();
        },
      ),
    );
  });

  it('keeps the edges exact: a close of 1/3, -0, a price beyond 2^53 at scale 6, an empty series', () => {
    expect(encodeCloses([1.5, 1 / 3])).toBeNull();
    expect(encodeCloses([-0])).toBeNull();
    expect(encodeCloses([2 ** 52, 1.5])).toBeNull();
    expect(encodeCloses([])).toEqual({ scale: 0, float32: false, deltas: [] });
    expect(encodeCloses([100, 101.5, 99.25])).toEqual({ scale: 2, float32: false, deltas: [10000, 150, -225] });
    expect(encodeCloses([0.1, 0.2, 0.3])).toEqual({ scale: 1, float32: false, deltas: [1, 1, 1] });
    expect(decodeCloses([1, 1, 1], 1)).toEqual([0.1, 0.2, 0.3]);
  });
});

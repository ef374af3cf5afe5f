/**
 * Close series the charts read but nothing ever changes, kept in memory the worker and the page can
 * share: a derive or a toggle then hands the page the same series instead of a fresh copy of each
 * (≈ 17.6 MB on workload XL, every time). Sharing needs a cross-origin-isolated page (the server sends
 * COOP and COEP) or Node; anywhere else the series are plain arrays and each result gets its own copy,
 * which the worker can transfer.
 */

/** Whether this realm can share memory with the page (Node has no `crossOriginIsolated`: it can). */
export const CAN_SHARE_SERIES =
  typeof SharedArrayBuffer === 'function' &&
  (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;

/** A new per-day series, in shared memory when it can be. Fill it once; never write it after handing it out. */
export function newPriceSeries(length: number): Float64Array {
  return CAN_SHARE_SERIES
    ? new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT))
    : new Float64Array(length);
}

/** The series for a result: itself when shared (it never changes), else a copy the result owns. */
export function handOut(series: Float64Array): Float64Array {
  return series.buffer instanceof ArrayBuffer ? series.slice() : series;
}

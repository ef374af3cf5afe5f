/**
 * Temporal for the engine's exchange time zones (engine/time-zone-days.ts reads the runtime's
 * `globalThis.Temporal`): the runtime's own where it ships one (Chromium and Firefox do, in workers too),
 * else temporal-polyfill's, fetched the first time it is needed and set as `globalThis.Temporal` alone
 * (the polyfill's changes to `Intl` and `Date` are not installed). Fetched here rather than imported by
 * the engine, the polyfill (≈ 19 KB gzip) stays out of the worker's first chunk, and a browser with
 * Temporal never loads it. Node 20 has no Temporal: tests, benchmarks and scripts await this too.
 */
import type { Temporal } from 'temporal-polyfill';

type TemporalNamespace = typeof Temporal;

/** The polyfill's module once asked for; dropped when its load fails, so that the next need tries again. */
let polyfill: Promise<{ Temporal: TemporalNamespace }> | null = null;

const runtimeTemporal = (): TemporalNamespace | undefined => (globalThis as { Temporal?: TemporalNamespace }).Temporal;

/** Resolves once `globalThis.Temporal` exists; rejects when the polyfill could not be loaded. */
export async function temporalReady(): Promise<void> {
  if (runtimeTemporal()) return;
  polyfill ??= import('temporal-polyfill').catch((error: unknown) => {
    polyfill = null;
    throw error;
  });
  const loaded = await polyfill;
  // Defined as a built-in is: writable, configurable, not enumerable.
  if (!runtimeTemporal()) Object.defineProperty(globalThis, 'Temporal', { value: loaded.Temporal, writable: true, configurable: true, enumerable: false });
}

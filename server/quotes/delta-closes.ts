/**
 * An answer entry with its closes as integer deltas at a decimal scale (`closesScale`,
 * `src/model/closes-encoding.ts`), for a client that asked with `closes: "deltas"`. Entries without closes
 * (an error, "unchanged") and series no scale 0..6 gives back exactly are answered as they are; Yahoo's
 * float32 closes carry `closesFloat32: true`.
 */
import { encodeCloses } from '../../src/model/closes-encoding';
import type { QuoteAnswerEntry, QuoteWireEntry } from '../../src/model/quotes';

export function withDeltaCloses(entry: QuoteAnswerEntry): QuoteWireEntry {
  if (!('closes' in entry)) return entry;
  const encoded = encodeCloses(entry.closes);
  if (encoded === null) return entry;
  const float32 = encoded.float32 ? { closesFloat32: true as const } : {};
  return { ...entry, closesScale: encoded.scale, ...float32, closes: encoded.deltas };
}

/**
 * The JSON text of one entry of a quotes answer (`quotes-routes.ts`). A whole series answered for an
 * entry the service hands out again (the same object while its source stands: `series-memo.ts`) keeps its
 * text, in each encoding of its closes, so a repeated whole answer is not encoded and stringified again:
 * for workload XL's 200 series that is about 19 MB of JSON. "Unchanged", a tail and an error are written
 * anew each time (a few bytes, or the last days).
 */
import type { QuoteEntry } from '../../src/model/quotes';
import { withDeltaCloses } from './delta-closes';
import { answerFor, isWholeSeries } from './quote-revision';

/** Per entry, its whole answer's text with plain closes (`false`) and with integer deltas (`true`). */
const texts = new WeakMap<object, Map<boolean, string>>();

export function answerText(entry: QuoteEntry, held: string | undefined, deltas: boolean): string {
  const answer = answerFor(entry, held);
  const encode = () => JSON.stringify(deltas ? withDeltaCloses(answer) : answer);
  if (!isWholeSeries(entry, answer)) return encode();
  let kept = texts.get(entry);
  if (!kept) texts.set(entry, (kept = new Map()));
  let text = kept.get(deltas);
  if (text === undefined) kept.set(deltas, (text = encode()));
  return text;
}

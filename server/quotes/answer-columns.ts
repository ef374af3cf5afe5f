/**
 * One entry of a quotes answer in bytes (`src/model/quote-columns-binary.ts`): its header entry (JSON
 * text: the entry as the JSON answer with closes as deltas carries it, `bars` in place of its days and
 * closes) and its series' columns. As `answer-text.ts` does for the JSON, a whole series answered for an
 * entry the service hands out again (`series-memo.ts`) keeps both, so a repeated whole answer is not
 * encoded again; "unchanged", a tail and an error are written anew each time.
 */
import { seriesColumns } from '../../src/model/quote-columns-binary';
import type { QuoteAnswerEntry, QuoteEntry } from '../../src/model/quotes';
import { withDeltaCloses } from './delta-closes';
import { answerFor, isWholeSeries } from './quote-revision';

export interface EntryColumns {
  /** The entry's JSON in the header. */
  head: string;
  /** Its days and closes; null for an entry without a series. */
  columns: Uint8Array | null;
}

const kept = new WeakMap<object, EntryColumns>();

function encode(answer: QuoteAnswerEntry): EntryColumns {
  if (!('closes' in answer)) return { head: JSON.stringify(answer), columns: null };
  const wire = withDeltaCloses(answer);
  const deltas = 'closesScale' in wire ? seriesColumns(wire.days, wire.closes, true) : null;
  // Deltas too wide for the varints (or no scale): the closes as they are, in float64s.
  const { days, closes, ...rest } = deltas && 'closes' in wire ? wire : answer;
  return {
    head: JSON.stringify({ ...rest, bars: days.length }),
    columns: deltas ?? seriesColumns(days, closes, false)!,
  };
}

export function answerColumns(entry: QuoteEntry, held: string | undefined): EntryColumns {
  const answer = answerFor(entry, held);
  if (!isWholeSeries(entry, answer)) return encode(answer);
  let columns = kept.get(entry);
  if (!columns) kept.set(entry, (columns = encode(answer)));
  return columns;
}

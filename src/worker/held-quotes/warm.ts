/**
 * A tab that may be signed in starts its worker before the page has checked the session (`warm` in
 * holding.ts): the worker would wait idle for the load's intents. Meanwhile it reads what the last visit
 * held for the user its stored ID token names, and parses the set's held text: the last quotes request
 * with the held series it named, the set's answer, and the figures of the last load (figures.ts). Local
 * reads only: nothing is sent, and the load uses them only for the same user, once (the set's GET still
 * names the held ETag, the early quotes request still sends the held validators, and an answer that
 * changed replaces what was read; held figures answer only a derive whose inputs are theirs).
 */
import type { HeldQuoteColumns } from '../../model/quotes';
import type { HeldAnswer, HeldValidator } from '../services/http';
import type { HeldFigures } from './figures';
import type { HeldQuotes, LastRequest } from './store';

/** What a warm start read (null: nothing, or its read failed); a load takes each part once. */
export interface WarmReads {
  /** The last quotes request, and the held series it named, read meanwhile. */
  quotes?: Promise<{ last: LastRequest | null; held: Promise<Map<string, HeldQuoteColumns>> } | null>;
  /** The set's held ETag, and its answer with the text parsed. */
  set?: Promise<HeldValidator | null>;
  /** The figures of the last load, with the key of their inputs. */
  figures?: Promise<HeldFigures | null>;
}

function parsedOf(answer: HeldAnswer | null): HeldAnswer | null {
  if (!answer) return null;
  try {
    return { ...answer, parsed: JSON.parse(answer.text) as unknown };
  } catch {
    // A text that is not JSON: the load reads it as ever (and asks for the whole set).
    return answer;
  }
}

/**
 * The set's held answer as a load names it (`HeldValidator`): its ETag as soon as the small record has
 * been read (from the answer itself in a store written before there was one), its text on its way.
 */
async function heldSetOf(
  store: HeldQuotes,
  read: (answer: HeldAnswer | null) => HeldAnswer | null,
): Promise<HeldValidator | null> {
  const etag = store.readSetEtag();
  const answer = store.readSet().then(read);
  const named = (await etag) ?? (await answer)?.etag;
  return named ? { etag: named, answer } : null;
}

/** Reads the last request, then its held series, the set's answer, parsed, and the held figures from `store`. */
export function warmReads(store: HeldQuotes): WarmReads {
  const quotes = store.readLast().then((last) => ({
    last,
    held: last ? store.read(Object.keys(last.validators)) : Promise.resolve(new Map<string, HeldQuoteColumns>()),
  }));
  const set = heldSetOf(store, parsedOf).catch(() => null);
  // The figures last: a load takes them only at its derive, and their read (megabytes) ahead of the
  // series' would hold those up.
  const before = Promise.allSettled([quotes.then((read) => read.held), set.then((held) => held?.answer)]);
  // Whatever fails here is read again by the load, or asked for.
  return {
    quotes: quotes.catch(() => null),
    set,
    figures: before.then(() => store.readFigures()).catch(() => null),
  };
}

/**
 * A load's quotes request sent before the set says what it needs (`QuoteHolding.startEarly`): the last
 * request this browser made (`LastRequest`: its symbols, first day and base, with the validator of each
 * series it then held) goes again at once with this load's end, while those held series are read
 * (`early.ts` then says whether its answer serves the load). In the worker's first chunk: a module fetched
 * at a load's start is evaluated only after the set's parse has left the thread, and the request would
 * go no earlier than the one the set makes.
 */
import type { HeldQuoteColumns, QuoteReadEntry } from '../../model/quotes';
import type { Credentials } from '../services/http';
import { requestQuoteUpdates, type QuotesRequest } from '../services/quotes-api';
import type { HeldQuotes, LastRequest } from './store';

/** A request sent again before the set was known, with the held series of what it named. */
export interface Early {
  request: QuotesRequest;
  sent: ReadonlyMap<string, string>;
  held: Promise<Map<string, HeldQuoteColumns>>;
  answers: Promise<QuoteReadEntry[]>;
}

/** Sends `last`, the last request held in `store`, again with `endSeconds`; `read`: its held series, read already. */
export function sendEarly(
  credentials: Credentials,
  store: HeldQuotes,
  last: LastRequest,
  endSeconds: number,
  read?: Promise<Map<string, HeldQuoteColumns>>,
): Early {
  const { symbols, startSeconds, rates, validators } = last;
  const request: QuotesRequest = { symbols, startSeconds, endSeconds, ...(rates === null ? {} : { rates }) };
  const sent = new Map(Object.entries(validators));
  const answers = requestQuoteUpdates(credentials, request, sent);
  // Unused when the set asks for something else: its failure is then nobody's.
  answers.catch(() => undefined);
  return { request, sent, held: (read ?? store.read([...sent.keys()])).catch(() => new Map()), answers };
}

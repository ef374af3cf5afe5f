/**
 * A load's quotes request sent before the set says what it needs (`QuoteHolding.startEarly`): the last
 * request this browser made (`LastRequest`: its symbols, first day and base, with the validator of each
 * series it then held) goes again at once with this load's end, while those held series are read. Its
 * answer serves the load only when the set then asks for the same request, and only where every series
 * answered "unchanged" or continued is held with the very validator that was sent; otherwise the request
 * is made as ever. In a chunk of its own: a first visit has nothing held to send.
 */
import type { HeldQuoteColumns, QuoteAnswerEntry } from '../../model/quotes';
import type { Credentials } from '../services/http';
import { requestQuoteUpdates, type QuotesRequest } from '../services/quotes-api';
import type { HeldQuotes, LastRequest } from './store';

/** A request sent again before the set was known, with the held series of what it named. */
export interface Early {
  request: QuotesRequest;
  sent: ReadonlyMap<string, string>;
  held: Promise<Map<string, HeldQuoteColumns>>;
  answers: Promise<QuoteAnswerEntry[]>;
}

/** Sends `last`, the last request held in `store`, again with `endSeconds`. */
export function sendEarly(credentials: Credentials, store: HeldQuotes, last: LastRequest, endSeconds: number): Early {
  const { symbols, startSeconds, rates, validators } = last;
  const request: QuotesRequest = { symbols, startSeconds, endSeconds, ...(rates === null ? {} : { rates }) };
  const sent = new Map(Object.entries(validators));
  const answers = requestQuoteUpdates(credentials, request, sent);
  // Unused when the set asks for something else: its failure is then nobody's.
  answers.catch(() => undefined);
  return { request, sent, held: store.read([...sent.keys()]).catch(() => new Map()), answers };
}

const sameRequest = (early: QuotesRequest, request: QuotesRequest): boolean =>
  early.startSeconds === request.startSeconds &&
  early.endSeconds === request.endSeconds &&
  (early.rates ?? null) === (request.rates ?? null) &&
  early.symbols.length === request.symbols.length &&
  early.symbols.every((symbol, i) => symbol === request.symbols[i]);

/**
 * The early answer with the held series it was made against, when `request` is the request it sent and
 * every series answered "unchanged" or continued is held with the validator sent for it; else null.
 */
export async function answerFor(early: Early, request: QuotesRequest) {
  if (!sameRequest(early.request, request)) return null;
  try {
    const [held, answers] = await Promise.all([early.held, early.answers]);
    const heldAsSent = answers.every(
      (answer) =>
        !('unchanged' in answer || 'after' in answer) ||
        held.get(answer.symbol)?.validator === early.sent.get(answer.symbol),
    );
    return heldAsSent ? { held, answers } : null;
  } catch {
    return null;
  }
}

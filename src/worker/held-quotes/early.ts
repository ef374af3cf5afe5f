/**
 * Whether the quotes request a load sent early (`early-send.ts`) serves the request the set then makes:
 * only when it is the same request, and only where every series answered "unchanged" or continued is
 * held with the very validator that was sent; otherwise the request is made as ever. In a chunk of its
 * own, fetched while the set is read: a first visit sends nothing early.
 */
import type { QuotesRequest } from '../services/quotes-api';
import type { Early } from './early-send';

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

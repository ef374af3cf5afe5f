/**
 * `POST /api/quotes` for whole series without validators (the symbol check of an import): in a module of
 * its own, so the dashboard's first chunk carries only the incremental requests (`quotes-api.ts`).
 */
import type { QuoteEntry } from '../../model';
import { quoteEntries } from '../../model/quotes-schema';
import { requestJson, type Credentials } from './http';
import { inBatches, inWords, type QuotesRequest } from './quotes-api';

/** The whole series of each symbol (or its error). */
export function requestQuotes(credentials: Credentials, request: QuotesRequest): Promise<QuoteEntry[]> {
  return inWords(async () => {
    const answers = await Promise.all(
      inBatches(request.symbols).map((symbols) =>
        requestJson('/api/quotes', quoteEntries, {
          method: 'POST',
          credentials,
          body: { symbols, start: request.startSeconds, end: request.endSeconds },
        }),
      ),
    );
    return answers.flatMap((answer) => answer.body);
  });
}

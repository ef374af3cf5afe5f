/** `POST /api/quotes`, from the worker: megabytes of chart JSON are read and checked here, never on the page. */
import type { QuoteEntry } from '../../model';
import { quoteEntries } from '../../model/quotes-schema';
import { HttpError, requestJson, type Credentials } from './http';

export interface QuotesRequest {
  symbols: string[];
  startSeconds: number;
  endSeconds: number;
}

/** The quotes service takes at most this many symbols per request. */
const SYMBOLS_PER_REQUEST = 100;

export async function requestQuotes(credentials: Credentials, request: QuotesRequest): Promise<QuoteEntry[]> {
  const batches: string[][] = [];
  for (let i = 0; i < request.symbols.length; i += SYMBOLS_PER_REQUEST)
    batches.push(request.symbols.slice(i, i + SYMBOLS_PER_REQUEST));
  try {
    const answers = await Promise.all(
      batches.map((symbols) =>
        requestJson('/api/quotes', quoteEntries, {
          method: 'POST',
          credentials,
          body: { symbols, start: request.startSeconds, end: request.endSeconds },
        }),
      ),
    );
    return answers.flatMap((answer) => answer.body);
  } catch (error) {
    if (error instanceof HttpError)
      throw new HttpError(error.status, `Prices could not be loaded: ${error.message}`, { cause: error });
    throw error;
  }
}

/** `POST /api/quotes`, from the worker: megabytes of chart JSON are read and checked here, never on the page. */
import type { QuoteAnswerEntry, QuoteWireEntry } from '../../model';
import { decodeCloses } from '../../model/closes-encoding';
import { quoteAnswerEntries } from '../../model/quotes-schema';
import { HttpError, requestJson, type Credentials } from './http';

export interface QuotesRequest {
  symbols: string[];
  startSeconds: number;
  endSeconds: number;
  /** The base currency: the answer also brings the exchange rates the quotes need into it (after the symbols). */
  rates?: string;
}

/** The quotes service takes at most this many symbols per request. */
const SYMBOLS_PER_REQUEST = 100;

export function inBatches(symbols: readonly string[]): string[][] {
  const batches: string[][] = [];
  for (let i = 0; i < symbols.length; i += SYMBOLS_PER_REQUEST) batches.push(symbols.slice(i, i + SYMBOLS_PER_REQUEST));
  return batches;
}

export async function inWords<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof HttpError)
      throw new HttpError(error.status, `Prices could not be loaded: ${error.message}`, { cause: error });
    throw error;
  }
}

/** The entry with plain closes: a series sent as integer deltas (`closesScale`) decoded, bit for bit. */
export function plainCloses(entry: QuoteWireEntry): QuoteAnswerEntry {
  if (!('closesScale' in entry)) return entry;
  const { closesScale, closesFloat32, ...plain } = entry;
  return { ...plain, closes: decodeCloses(entry.closes, closesScale, closesFloat32 === true) };
}

/**
 * Each symbol's series against what this browser holds: `held` maps symbols to the validators of their
 * held series, and the answer says per symbol "unchanged", the tail after a day, or the whole series. With
 * `request.rates`, each batch also brings the exchange rates its quotes need (a held rate's validator goes
 * with every batch); a rate two batches both brought is kept once. Closes are asked for as integer deltas
 * (a third fewer bytes) and come back plain.
 */
export function requestQuoteUpdates(
  credentials: Credentials,
  request: QuotesRequest,
  held: ReadonlyMap<string, string>,
): Promise<QuoteAnswerEntry[]> {
  const asked = new Set(request.symbols);
  const heldRates = request.rates ? [...held].filter(([symbol]) => !asked.has(symbol) && symbol.endsWith('=X')) : [];
  return inWords(async () => {
    const answers = await Promise.all(
      inBatches(request.symbols).map((symbols) => {
        const validators = Object.fromEntries([
          ...symbols.flatMap((s) => (held.has(s) ? [[s, held.get(s)!]] : [])),
          ...heldRates,
        ]);
        return requestJson('/api/quotes', quoteAnswerEntries, {
          method: 'POST',
          credentials,
          // Without `held` when nothing is held: the request is then one any version of the service takes.
          body: {
            symbols,
            start: request.startSeconds,
            end: request.endSeconds,
            ...(request.rates ? { rates: request.rates } : {}),
            closes: 'deltas',
            ...(Object.keys(validators).length > 0 ? { held: validators } : {}),
          },
        });
      }),
    );
    const seen = new Set<string>();
    return answers.flatMap((answer) =>
      answer.body.filter((entry) => !seen.has(entry.symbol) && seen.add(entry.symbol)).map(plainCloses),
    );
  });
}

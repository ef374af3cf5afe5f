/** `POST /api/quotes`, from the worker: megabytes of quotes are read and checked here, never on the page. */
import { safeParse } from 'zod/mini';
import type { QuoteReadEntry } from '../../model/quotes';
import { ColumnsReader, QUOTE_COLUMNS_TYPE, QuoteColumnsError, readHeader } from '../../model/quote-columns-binary';
import { quoteColumnsHeaderSchema } from '../../model/quotes-schema';
import { HttpError, requestBytes, type Credentials } from './http';

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

/**
 * The entries of an answer in bytes (`quote-columns-binary.ts`), each series' days and closes in typed
 * arrays; throws a QuoteColumnsError naming what is wrong with one the header's schema or its columns refuse.
 */
export function readQuoteColumns(bytes: Uint8Array): QuoteReadEntry[] {
  const { header, columnsAt } = readHeader(bytes);
  const checked = safeParse(quoteColumnsHeaderSchema, header);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new QuoteColumnsError(`its header is not the expected shape${issue ? ` at ${issue.path.join('.')}` : ''}`);
  }
  const columns = new ColumnsReader(bytes, columnsAt);
  const entries = checked.data.map((entry): QuoteReadEntry => {
    if (!('bars' in entry)) return entry;
    const { bars, closesScale, closesFloat32, ...series } = entry;
    if (closesFloat32 && closesScale === undefined)
      throw new QuoteColumnsError(`${entry.symbol} has float32 closes without a scale`);
    const days = columns.days(bars);
    return { ...series, days, closes: columns.closes(bars, closesScale, closesFloat32 === true) };
  });
  columns.end();
  return entries;
}

/**
 * Each symbol's series against what this browser holds: `held` maps symbols to the validators of their
 * held series, and the answer says per symbol "unchanged", the tail after a day, or the whole series. With
 * `request.rates`, each batch also brings the exchange rates its quotes need (a held rate's validator goes
 * with every batch); a rate two batches both brought is kept once. The answer comes in bytes
 * (`quote-columns-binary.ts`): days and closes land in typed arrays without an array of numbers between.
 */
export function requestQuoteUpdates(
  credentials: Credentials,
  request: QuotesRequest,
  held: ReadonlyMap<string, string>,
): Promise<QuoteReadEntry[]> {
  const asked = new Set(request.symbols);
  const heldRates = request.rates ? [...held].filter(([symbol]) => !asked.has(symbol) && symbol.endsWith('=X')) : [];
  return inWords(async () => {
    const answers = await Promise.all(
      inBatches(request.symbols).map(async (symbols) => {
        const validators = Object.fromEntries([
          ...symbols.flatMap((s) => (held.has(s) ? [[s, held.get(s)!]] : [])),
          ...heldRates,
        ]);
        const bytes = await requestBytes('/api/quotes', QUOTE_COLUMNS_TYPE, {
          method: 'POST',
          credentials,
          // Without `held` when nothing is held.
          body: {
            symbols,
            start: request.startSeconds,
            end: request.endSeconds,
            ...(request.rates ? { rates: request.rates } : {}),
            closes: 'deltas',
            format: 'binary',
            ...(Object.keys(validators).length > 0 ? { held: validators } : {}),
          },
        });
        try {
          return readQuoteColumns(bytes);
        } catch (error) {
          if (!(error instanceof QuoteColumnsError)) throw error;
          throw new HttpError(200, `The server sent an unexpected response: ${error.message}.`, { cause: error });
        }
      }),
    );
    const seen = new Set<string>();
    return answers.flatMap((answer) => answer.filter((entry) => !seen.has(entry.symbol) && seen.add(entry.symbol)));
  });
}

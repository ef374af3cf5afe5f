import type { QuoteEntry } from '../model';

export interface QuotesRequestArgs {
  idToken: string;
  /** The anti-forgery token the main thread read from its cookie (a worker cannot read cookies). */
  xsrfToken: string | null;
  symbols: string[];
  startSeconds: number;
  endSeconds: number;
}

/** The quotes service takes at most this many symbols per request. */
const SYMBOLS_PER_REQUEST = 100;

/** Fetches and parses chart data in the worker, so megabytes of JSON never block the page. */
export async function requestQuotes(args: QuotesRequestArgs): Promise<QuoteEntry[]> {
  const batches: string[][] = [];
  for (let i = 0; i < args.symbols.length; i += SYMBOLS_PER_REQUEST) batches.push(args.symbols.slice(i, i + SYMBOLS_PER_REQUEST));
  const results = await Promise.all(batches.map((symbols) => requestBatch(args, symbols)));
  return results.flat();
}

async function requestBatch(args: QuotesRequestArgs, symbols: string[]): Promise<QuoteEntry[]> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: args.idToken };
  if (args.xsrfToken) headers['X-XSRF-TOKEN'] = args.xsrfToken;
  let response: Response;
  try {
    response = await fetch('/api/quotes', {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify({ symbols, start: args.startSeconds, end: args.endSeconds }),
    });
  } catch (error) {
    throw new Error(`Prices could not be loaded: the server could not be reached (${(error as Error).message}).`, { cause: error });
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = body && typeof body === 'object' && 'message' in body ? String(body.message) : `${response.status} ${response.statusText}`;
    throw new Error(`Prices could not be loaded: ${message}`);
  }
  if (!Array.isArray(body)) throw new Error('Prices could not be loaded: the quotes service sent an unexpected response.');
  return body as QuoteEntry[];
}

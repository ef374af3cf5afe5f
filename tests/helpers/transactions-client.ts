/**
 * `/api/transactions` over real HTTP for tests, plus builders for transactions.
 *
 *   const api = transactionsClient(server.url, idToken);
 *   const { status, etag, body } = await api.put({ transactions: set }, { ifMatch: etag });
 *   await api.put({ transactions: set });                    // If-Match: the version stored now (read first)
 *   await api.put({ transactions: set }, { ifMatch: null }); // no If-Match: the server answers 428
 */
import { FIRST_ACCOUNT, type Account } from '#src/model/cash';
import type { Transaction, TransactionSet, TransactionsBody } from '#src/model/transaction';

export interface ApiResponse<T = unknown> {
  status: number;
  etag: string | null;
  headers: Headers;
  body: T;
}

export interface PutOptions {
  /**
   * The `If-Match` sent: a tag; `null` for none; absent, the ETag the server answers a GET with just
   * before (a write over whatever is stored, as the SPA makes after loading).
   */
  ifMatch?: string | null;
  contentType?: string;
  headers?: Record<string, string>;
}

/** The ETag of the set stored now (`"v0"` before the first save): the `If-Match` of a write over it. */
export async function currentTransactionsEtag(baseUrl: string, idToken: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/transactions`, { headers: { Authorization: idToken } });
  await response.arrayBuffer();
  const etag = response.headers.get('etag');
  if (response.status !== 200 || etag === null)
    throw new Error(`GET /api/transactions answered ${response.status} without an ETag`);
  return etag;
}

export function transactionsClient(baseUrl: string, idToken: string) {
  const url = `${baseUrl}/api/transactions`;
  const read = async <T>(response: Response): Promise<ApiResponse<T>> => ({
    status: response.status,
    etag: response.headers.get('etag'),
    headers: response.headers,
    body: (await response.json()) as T,
  });
  return {
    async get(): Promise<ApiResponse<TransactionsBody>> {
      return read(await fetch(url, { headers: { Authorization: idToken } }));
    },
    /** `body` goes as is when it is a string (to send broken JSON), else as JSON. */
    async put<T = TransactionsBody>(body: unknown, options: PutOptions = {}): Promise<ApiResponse<T>> {
      const headers: Record<string, string> = {
        Authorization: idToken,
        'content-type': options.contentType ?? 'application/json',
        ...options.headers,
      };
      const ifMatch = options.ifMatch === undefined ? await currentTransactionsEtag(baseUrl, idToken) : options.ifMatch;
      if (ifMatch !== null) headers['if-match'] = ifMatch;
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      return read(await fetch(url, { method: 'PUT', headers, body: payload }));
    },
  };
}

export function stock(
  ticker: string,
  date: string,
  amount: number,
  value: number,
  extra: Partial<Transaction> = {},
): Transaction {
  return { ticker, type: 'stock', date, amount, value, currency: 'EUR', ...extra };
}

export function dividend(ticker: string, date: string, value: number, extra: Partial<Transaction> = {}): Transaction {
  return { ticker, type: 'dividend', date, amount: 1, value, currency: 'EUR', ...extra };
}

export function commission(ticker: string, date: string, value: number, extra: Partial<Transaction> = {}): Transaction {
  return { ticker, type: 'commission', date, amount: 1, value, currency: 'EUR', ...extra };
}

export function transactionSet(parts: Partial<TransactionSet> = {}): TransactionSet {
  return { stock: [], dividend: [], commission: [], ...parts };
}

/**
 * The body the server answers for `set`: beside the seed's lists always its `cash` (none stored: an empty
 * list) and the `accounts` (none stored: the one first account).
 */
export function answeredBody(set: TransactionSet, accounts: Account[] = [{ ...FIRST_ACCOUNT }]): TransactionsBody {
  return { transactions: { ...set, cash: set.cash ?? [] }, accounts };
}

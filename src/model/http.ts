/** Fetch helpers for our own services, on the main thread and in the worker: the raw ID token, the anti-forgery header, errors as messages. */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

/** The anti-forgery token the server set, copied into writes to relative URLs. */
export function readXsrfToken(cookie: string = (globalThis as { document?: { cookie: string } }).document?.cookie ?? ''): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'XSRF-TOKEN') return decodeURIComponent(rest.join('='));
  }
  return null;
}

export interface RequestOptions {
  method?: 'GET' | 'PUT' | 'POST';
  idToken: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The anti-forgery token for a write; read from the page's cookie when not given (a worker has none and must be given it). */
  xsrfToken?: string | null;
}

/** Sends a JSON request; resolves with the parsed body and the response, rejects with an HttpError. */
export async function requestJson<T>(url: string, options: RequestOptions): Promise<{ body: T; response: Response }> {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: options.idToken, ...options.headers };
  const method = options.method ?? 'GET';
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const xsrf = options.xsrfToken === undefined ? readXsrfToken() : options.xsrfToken;
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new HttpError(0, `The server could not be reached (${(error as Error).message}).`, null, { cause: error });
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const message =
      parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string'
        ? parsed.message
        : `${response.status} ${response.statusText || 'error'}`;
    throw new HttpError(response.status, message, parsed);
  }
  if (parsed === null) throw new HttpError(response.status, 'The server sent an empty or invalid response.', null);
  return { body: parsed as T, response };
}

/**
 * The worker's one HTTP client for our own services: the raw ID token, the anti-forgery header, errors
 * as an `HttpError` with the server's status and message, and every answer checked against a schema
 * (a body that does not match is refused here, not trusted further in). The schemas are zod/mini's, which
 * loads no locale: a refused body is checked again with zod's English messages, loaded then. The large
 * answers (the set, the charts) have a fast check in front of their schema (model/fast-check.ts).
 */
import { safeParse, type ZodMiniType } from 'zod/mini';
import type { FastChecked } from '../../model/fast-check';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

/** Who asks: the ID token, and the anti-forgery token the page read from its cookie (a worker has no cookies). */
export interface Credentials {
  idToken: string;
  xsrfToken: string | null;
}

export interface RequestOptions {
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  credentials: Credentials;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** An earlier answer kept with its ETag: sent as `If-None-Match`, and a 304 answers with its text. */
  held?: HeldValidator;
}

/** An answer's text and the ETag it came with, kept between visits. */
export interface HeldAnswer {
  etag: string;
  text: string;
  /** The text parsed already (a warm start's read, held-quotes/warm.ts): a 304 answers it as it is. */
  parsed?: unknown;
}

/** A held answer's ETag, with the answer itself still on its way (read from IndexedDB meanwhile). */
export interface HeldValidator {
  etag: string;
  answer: HeldAnswer | null | Promise<HeldAnswer | null>;
}

/** Where relative URLs point: the page's origin in the browser; tests running the worker's code in Node set their server's. */
let origin: string | undefined;

export function setServiceOrigin(url: string | undefined): void {
  origin = url;
}

const messageIn = (body: unknown): string | null =>
  body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : null;

/**
 * Sends a JSON request; resolves with the body `schema` accepted, the response and the body's text (the
 * held one's after a 304), rejects with an HttpError.
 */
export async function requestJson<T>(
  url: string,
  checked: ZodMiniType<T> | FastChecked<T>,
  options: RequestOptions,
): Promise<{ body: T; response: Response; text: string }> {
  const response = await send(url, options, 'application/json');
  const unchanged = response.status === 304 && options.held !== undefined;
  const answered = await response.text();
  const kept = unchanged ? await options.held!.answer : null;
  // The held text is not the one the ETag named (written since): the caller asks for the whole answer.
  if (unchanged && kept?.etag !== options.held!.etag) throw new HttpError(304, '');
  const text = kept ? kept.text : answered;
  let parsed: unknown;
  try {
    parsed = kept?.parsed !== undefined ? kept.parsed : text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok && !unchanged)
    throw new HttpError(response.status, messageIn(parsed) ?? `${response.status} ${response.statusText || 'error'}`);
  if (parsed === null) throw new HttpError(response.status, 'The server sent an empty or invalid response.');
  if ('accepts' in checked && checked.accepts(parsed)) return { body: parsed, response, text };
  const schema = 'accepts' in checked ? checked.schema : checked;
  const result = safeParse(schema, parsed);
  if (!result.success) {
    // The issues in the words the full zod uses; the locale is loaded only for a body that is refused
    // (should that load fail, zod's bare "Invalid input" still comes with where).
    const english = await import('zod/v4/locales/en.js').then(
      (locale) => locale.default().localeError,
      () => undefined,
    );
    const issue = (english ? safeParse(schema, parsed, { error: english }).error : result.error)?.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new HttpError(
      response.status,
      `The server sent an unexpected response${where}: ${issue?.message ?? 'not the expected shape'}.`,
    );
  }
  return { body: result.data, response, text };
}

/** Sends a request with the credentials' headers; rejects with an HttpError when the server cannot be reached. */
async function send(url: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: accept,
    Authorization: options.credentials.idToken,
    ...options.headers,
  };
  const method = options.method ?? 'GET';
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && options.credentials.xsrfToken) headers['X-XSRF-TOKEN'] = options.credentials.xsrfToken;
  if (options.held) headers['If-None-Match'] = options.held.etag;
  try {
    return await fetch(origin ? new URL(url, origin) : url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
      // The browser's own cache is never asked: a conditional request's 304 comes to this code as it is.
      ...(options.held ? { cache: 'no-store' as const } : {}),
    });
  } catch (error) {
    throw new HttpError(0, `The server could not be reached (${(error as Error).message}).`, { cause: error });
  }
}

/**
 * Sends a JSON request for an answer in bytes of the type `type`; resolves with its bytes, rejects with an
 * HttpError (the server's message for a refusal, which comes as JSON; an answer of another type, refused).
 */
export async function requestBytes(url: string, type: string, options: RequestOptions): Promise<Uint8Array> {
  const response = await send(url, options, type);
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the status alone.
    }
    throw new HttpError(response.status, messageIn(parsed) ?? `${response.status} ${response.statusText || 'error'}`);
  }
  const answered = (response.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (answered !== type)
    throw new HttpError(
      response.status,
      `The server sent an unexpected response: ${answered || 'no type'}, not ${type}.`,
    );
  return new Uint8Array(await response.arrayBuffer());
}

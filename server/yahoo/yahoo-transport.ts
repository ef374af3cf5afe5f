/**
 * The `fetch` yahoo-finance2 uses: it sends Yahoo's requests to `baseUrl` when one is set (a local fake
 * in tests, `YAHOO_BASE_URL`), sets a browser-like user agent, bounds every attempt with a timeout
 * (body included), retries 429 and 5xx with backoff (honouring `Retry-After` up to a cap), and turns
 * every failure into an `UpstreamError` with its kind, so yahoo-finance2 only ever sees a 200.
 */
import { UpstreamError, type UpstreamFailureKind } from './upstream-failure';

export interface YahooTransportOptions {
  /** Origin (and optional path prefix) that replaces `https://query2.finance.yahoo.com`. */
  baseUrl?: string;
  timeoutMs: number;
  /** Wait before each retry; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  /** The most a `Retry-After` header may make us wait, in ms. */
  maxRetryAfterMs: number;
  userAgent: string;
}

/** A desktop browser's user agent: Yahoo refuses or throttles clients that do not look like one. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function redirected(url: string, baseUrl: string | undefined): string {
  if (!baseUrl) return url;
  const original = new URL(url);
  return `${baseUrl.replace(/\/+$/, '')}${original.pathname}${original.search}`;
}

const NETWORK_CODES: Record<string, { kind: UpstreamFailureKind; text: string }> = {
  ECONNREFUSED: { kind: 'offline', text: 'connection refused' },
  ENOTFOUND: { kind: 'offline', text: 'DNS lookup failed' },
  EAI_AGAIN: { kind: 'offline', text: 'DNS lookup failed' },
  ECONNRESET: { kind: 'offline', text: 'connection reset' },
  EHOSTUNREACH: { kind: 'offline', text: 'host unreachable' },
  ENETUNREACH: { kind: 'offline', text: 'network unreachable' },
  UND_ERR_SOCKET: { kind: 'offline', text: 'connection closed' },
  UND_ERR_CONNECT_TIMEOUT: { kind: 'timeout', text: 'connect timed out' },
  UND_ERR_HEADERS_TIMEOUT: { kind: 'timeout', text: 'no response headers in time' },
  UND_ERR_BODY_TIMEOUT: { kind: 'timeout', text: 'response body stalled' },
};

function networkError(error: unknown, url: string, timeoutMs: number): UpstreamError {
  const host = new URL(url).host;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new UpstreamError('timeout', `no answer from ${host} within ${timeoutMs} ms`);
  }
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const known = cause?.code ? NETWORK_CODES[cause.code] : undefined;
  if (known) return new UpstreamError(known.kind, `${known.text} (${host})`);
  const detail = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new UpstreamError('offline', `${detail} (${host})`);
}

/** Yahoo's own words for a refusal (`{chart: {error: {code, description}}}`), else the status line. */
function httpErrorText(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { chart?: { error?: { code?: unknown; description?: unknown } } };
    const description = parsed.chart?.error?.description;
    if (typeof description === 'string') return `Yahoo answered ${status}: ${description.slice(0, 200)}`;
  } catch {
    // Not JSON: the status says enough.
  }
  return `Yahoo answered ${status}`;
}

/** Milliseconds a `Retry-After` header asks for (delta-seconds or an HTTP date), or 0. */
function retryAfterMs(header: string | null): number {
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : 0;
}

/** The headers yahoo-finance2 reads; the body is already decoded, so its encoding and length are not passed on. */
function passedOn(received: Headers): Headers {
  const headers = new Headers();
  const contentType = received.get('content-type');
  if (contentType) headers.set('content-type', contentType);
  for (const cookie of received.getSetCookie()) headers.append('set-cookie', cookie);
  return headers;
}

export function createYahooFetch(options: YahooTransportOptions): typeof fetch {
  return async (input, init) => {
    const url = redirected(input instanceof Request ? input.url : String(input), options.baseUrl);
    const headers = new Headers(init?.headers);
    headers.set('user-agent', options.userAgent);
    headers.set('accept', 'application/json, text/plain, */*');
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      let body: string;
      try {
        response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(options.timeoutMs) });
        body = await response.text();
      } catch (error) {
        throw networkError(error, url, options.timeoutMs);
      }
      if (response.ok) return new Response(body, { status: response.status, headers: passedOn(response.headers) });
      const retryable = response.status === 429 || response.status >= 500;
      if (retryable && attempt < options.retryDelaysMs.length) {
        const waitMs = Math.max(options.retryDelaysMs[attempt]!, retryAfterMs(response.headers.get('retry-after')));
        await sleep(Math.min(waitMs, options.maxRetryAfterMs));
        continue;
      }
      const kind: UpstreamFailureKind =
        response.status === 429
          ? 'rate-limited'
          : response.status >= 500
            ? 'server-error'
            : response.status === 404
              ? 'unknown-symbol'
              : 'rejected';
      const tries = attempt + 1;
      throw new UpstreamError(
        kind,
        `${httpErrorText(response.status, body)}${tries > 1 ? ` (after ${tries} tries)` : ''}`,
      );
    }
  };
}

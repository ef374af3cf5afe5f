/**
 * The frame around every request, before routing: a request id (`X-Request-Id`, kept when the client
 * sent a sane one), the security headers, the XSRF-TOKEN cookie when the browser has none, and one JSON
 * log line when the response is done.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Log } from '../log';
import { setRequestContext, XSRF_COOKIE } from './request-context';

export type NodeHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface FrameOptions {
  log: Log;
  headers: Record<string, string>;
  /** Adds `Secure` to the cookie (an https PUBLIC_URL). */
  secureCookies: boolean;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;
const XSRF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export function withFrame(handler: NodeHandler, options: FrameOptions): NodeHandler {
  return (request, response) => {
    const startedAt = performance.now();
    // Captured now: the OpenID provider's mount rewrites request.url. The query may hold codes: not logged.
    const path = (request.url ?? '/').split('?')[0];
    const incomingId = request.headers['x-request-id'];
    const requestId = typeof incomingId === 'string' && REQUEST_ID_PATTERN.test(incomingId) ? incomingId : randomUUID();
    const cookieToken = readCookie(request.headers.cookie, XSRF_COOKIE);
    const xsrfCookieSent = cookieToken !== undefined && XSRF_TOKEN_PATTERN.test(cookieToken);
    const xsrfToken = xsrfCookieSent ? cookieToken : randomBytes(32).toString('base64url');
    setRequestContext(request, { requestId, xsrfToken, xsrfCookieSent });

    response.setHeader('X-Request-Id', requestId);
    for (const [name, value] of Object.entries(options.headers)) response.setHeader(name, value);
    if (!xsrfCookieSent) {
      // Readable by the SPA's script on purpose (no HttpOnly): it copies the value into X-XSRF-TOKEN.
      const secure = options.secureCookies ? '; Secure' : '';
      response.setHeader('Set-Cookie', `${XSRF_COOKIE}=${xsrfToken}; Path=/; SameSite=Strict${secure}`);
    }
    response.once('close', () => {
      options.log.info('request', {
        requestId,
        method: request.method,
        path,
        status: response.statusCode,
        durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
        ...(response.writableFinished ? {} : { aborted: true }),
      });
    });
    handler(request, response);
  };
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * What the node-level frame (`node-frame.ts`) learns about a request before any handler runs: its id
 * and the anti-forgery token, including one minted for this very response when the browser had none.
 */
import type { IncomingMessage } from 'node:http';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** The hidden form field our server-rendered forms carry instead of the header. */
export const XSRF_FORM_FIELD = '_xsrf';

export interface RequestContext {
  requestId: string;
  /** The browser's XSRF-TOKEN cookie, or the one this response sets. */
  xsrfToken: string;
  /** Whether the request carried the cookie; only then must a write carry the matching header. */
  xsrfCookieSent: boolean;
}

const contexts = new WeakMap<IncomingMessage, RequestContext>();

export function setRequestContext(request: IncomingMessage, context: RequestContext): void {
  contexts.set(request, context);
}

export function requestContext(request: IncomingMessage): RequestContext {
  const context = contexts.get(request);
  if (!context) throw new Error('request reached a handler without passing the node frame');
  return context;
}

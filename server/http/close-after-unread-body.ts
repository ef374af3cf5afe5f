/**
 * A chunked request body (no Content-Length) that is still arriving when the answer is ready (a 413 from
 * a body limit that read part of it and gave up) cannot be drained: giving up on the stream destroys
 * the request, and the Node adapter drops the socket soon after the answer. Say so with `Connection:
 * close`; otherwise the answer promises keep-alive and a client that reuses the connection, as it may,
 * loses its next request. A body with a Content-Length that was refused unread (413 on the header, 401,
 * 415) needs nothing: the adapter reads and discards the rest (up to 64 MiB) and the connection lives on,
 * while `Connection: close` there would cut off a client still sending before it reads the answer.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

export function closeAfterUnreadBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const { incoming } = c.env;
    if (!incoming.complete && incoming.headers['content-length'] === undefined)
      c.res.headers.set('Connection', 'close');
  };
}

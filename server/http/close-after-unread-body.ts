/**
 * An answer given before the request body has fully arrived (413 for a body over the limit, 401 or 415
 * for one we never read) leaves the rest of that body on the connection: the Node adapter drains it for
 * a moment, then drops the socket. Say so with `Connection: close`; otherwise the answer promises
 * keep-alive, and a client that reuses the connection, as it may, loses its next request.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

export function closeAfterUnreadBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!c.env.incoming.complete) c.res.headers.set('Connection', 'close');
  };
}

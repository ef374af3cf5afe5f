/**
 * `Cache-Control: no-store` on every `/api/*` answer that does not set its own: they hold a user's data
 * (transactions, settings, symbol choices, mappings) or answer for one user, and a browser or proxy cache
 * must keep none of it (a shared computer, a back button after sign-out). An answer that chose its own
 * caching keeps it.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

export function noStoreApiAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}

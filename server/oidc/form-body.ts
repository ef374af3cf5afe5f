/**
 * The sign-in pages' form posts, parsed once up front: a body that does not parse as the form it says
 * it is (a multipart body without its boundary, cut short, or with a broken part) gets 400 with a short
 * message instead of an unhandled error (500). Hono keeps the parsed form, so the anti-forgery check and
 * the route read the same one without parsing again.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env';

const FORM = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

export function parseSignInForm(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST' || !FORM.test(c.req.header('content-type') ?? '')) return next();
    try {
      await c.req.parseBody();
    } catch {
      return c.text('The form could not be read (a malformed body); send it again from the sign-in page.', 400, {
        'Cache-Control': 'no-store',
      });
    }
    return next();
  };
}

/**
 * Anti-forgery (double submit): a state-changing request that carries the XSRF-TOKEN cookie must also
 * carry its value in the X-XSRF-TOKEN header (or, for our server-rendered forms, the `_xsrf` field).
 * A request without the cookie passes: it cannot have come from a browser that visited us.
 */
import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { requestContext, XSRF_FORM_FIELD, XSRF_HEADER } from './request-context';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function xsrfGuard(options: { acceptFormField?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const { xsrfToken, xsrfCookieSent } = requestContext(c.env.incoming);
    if (!xsrfCookieSent) return next();
    let supplied = c.req.header(XSRF_HEADER);
    if (supplied === undefined && options.acceptFormField && isForm(c.req.header('content-type'))) {
      const field = (await c.req.parseBody())[XSRF_FORM_FIELD];
      supplied = typeof field === 'string' ? field : undefined;
    }
    if (supplied !== undefined && sameToken(supplied, xsrfToken)) return next();
    return c.json(
      { message: `Missing or wrong ${XSRF_HEADER} header: send the value of the XSRF-TOKEN cookie with every write.` },
      403,
    );
  };
}

function isForm(contentType: string | undefined): boolean {
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(contentType ?? '');
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

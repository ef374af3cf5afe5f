/** Requires a verified ID token in `Authorization` (raw, or with a `Bearer ` prefix); sets `c.var.user`. */
import type { MiddlewareHandler } from 'hono';
import type { IdTokenVerifier } from '../auth/id-token-verifier';
import type { AppEnv } from './app-env';

export function requireUser(verifier: IdTokenVerifier): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization')?.trim();
    if (!header) {
      return c.json({ message: 'Sign in first: the Authorization header must carry your ID token.' }, 401);
    }
    const token = header.replace(/^Bearer\s+/i, '');
    const result = await verifier.verify(token);
    if (!result.ok) return c.json({ message: result.message }, result.status);
    c.set('user', { sub: result.sub });
    return next();
  };
}

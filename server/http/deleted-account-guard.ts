/**
 * Refuses every `/api/*` request (read or write) of an account that was deleted, with the ID token it had
 * before: the token's signature still verifies until it expires (up to an hour), but its account and
 * data are gone, and a write would store rows nobody can reach (issue 31). Runs after `requireUser`
 * (the token is verified); the token's `iat` tells a token issued before the deletion (refused, 401)
 * from one issued after it (an external issuer's user starting afresh). The deletion is read from the
 * database on every request, so each instance on one PostgreSQL refuses it at once.
 */
import type { MiddlewareHandler } from 'hono';
import { decodeJwt } from 'jose';
import type { DeletedAccountStore } from '../storage/deleted-accounts';
import type { Log } from '../log';
import type { AppEnv } from './app-env';

export const DELETED_ACCOUNT_MESSAGE =
  'This account was deleted: its ID token no longer reads or writes anything. Sign in again (or create a new account).';

/** When the verified token was issued (unix ms); undefined without an `iat`. */
function issuedAtMs(header: string | undefined): number | undefined {
  try {
    const { iat } = decodeJwt((header ?? '').trim().replace(/^Bearer\s+/i, ''));
    return typeof iat === 'number' ? iat * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export function refuseDeletedAccounts(store: DeletedAccountStore, log: Log): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) return next();
    let deletedAtMs: number | undefined;
    try {
      deletedAtMs = await store.deletedAtMs(user.sub);
    } catch (error) {
      log.error('deleted-account check failed', { error });
      c.header('Retry-After', '5');
      return c.json(
        { message: 'The database does not answer; nothing was read or saved. Try again in a moment.' },
        503,
      );
    }
    if (deletedAtMs !== undefined) {
      // `iat` has whole seconds: a token of the deletion's own second counts as issued before it.
      const issued = issuedAtMs(c.req.header('authorization'));
      if (issued === undefined || issued <= deletedAtMs) return c.json({ message: DELETED_ACCOUNT_MESSAGE }, 401);
    }
    return next();
  };
}

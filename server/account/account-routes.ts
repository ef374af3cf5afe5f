/**
 * `/api/account`: `DELETE` removes everything the signed-in user keeps here (their transactions, every
 * table of `storage/user-data.ts`, the built-in provider's account with its sessions, grants and tokens),
 * in one transaction. With an external issuer only our data goes: the account lives with the issuer.
 *
 * The body names the account, `{"username": "…"}`, as the user typed it to confirm: for an account of
 * the built-in provider it must be that account's name, so a client cannot delete by mistake. (An
 * external issuer's names are not ours to check; the SPA compares them with the ID token's.)
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Log } from '../log';
import { normalizeUsername } from '../oidc/accounts';
import { DEMO_CANNOT_BE_DELETED, DEMO_USERNAME } from '../oidc/demo-account';
import type { Storage } from '../storage/types';
import type { UserDeletion } from '../storage/user-data';
import type { AppEnv } from '../http/app-env';
import { requestContext } from '../http/request-context';

const BODY_LIMIT_BYTES = 4096;

export interface AccountDeleted {
  /** Rows removed, per table. */
  deleted: UserDeletion;
}

/** `onDeleted(sub)` runs once the account's rows are gone (the app drops what it keeps of them in memory). */
export function accountRoutes(
  storage: Pick<Storage, 'accounts' | 'deleteUser'>,
  log: Log,
  onDeleted: (sub: string) => void = () => undefined,
): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.delete(
    '/',
    bodyLimit({
      maxSize: BODY_LIMIT_BYTES,
      onError: (c) => c.json({ message: 'The body is too large; nothing was deleted.' }, 413),
    }),
    async (c) => {
      if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
        return c.json({ message: 'Send {"username": "…"} as application/json to confirm; nothing was deleted.' }, 415);
      }
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.json({ message: 'The body is not valid JSON; nothing was deleted.' }, 400);
      }
      const typed = (body as { username?: unknown } | null)?.username;
      if (typeof typed !== 'string' || typed.trim() === '') {
        return c.json({ message: 'Type the account name to confirm; nothing was deleted.' }, 400);
      }
      const { requestId } = requestContext(c.env.incoming);
      const sub = c.var.user.sub;
      let deleted: UserDeletion;
      try {
        const account = await storage.accounts.findBySub(sub);
        if (account?.username === DEMO_USERNAME) return c.json({ message: DEMO_CANNOT_BE_DELETED }, 403);
        if (account && normalizeUsername(typed) !== account.username) {
          return c.json({ message: `That is not the name of this account; nothing was deleted.` }, 400);
        }
        deleted = await storage.deleteUser(sub);
      } catch (error) {
        log.error('account deletion failed', { requestId, error });
        c.header('Retry-After', '5');
        return c.json(
          {
            message: 'The database could not delete the account just now; nothing was deleted. Try again in a moment.',
          },
          503,
        );
      }
      onDeleted(sub);
      // No sub or name in the log: the account is gone, its traces too.
      log.info('account deleted', { requestId, rows: deleted });
      c.header('Cache-Control', 'no-store');
      return c.json({ deleted } satisfies AccountDeleted);
    },
  );

  return routes;
}

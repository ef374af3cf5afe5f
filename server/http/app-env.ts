import type { HttpBindings } from '@hono/node-server';

export interface AuthenticatedUser {
  /** The ID token's `sub`: the key of everything the user stores. */
  sub: string;
}

/**
 * The Hono environment of our app: the node request/response, the user once authenticated, and the depth
 * a JSON body was already scanned to (body-limits.ts), so a route need not scan it again.
 */
export interface AppEnv {
  Bindings: HttpBindings;
  Variables: { user: AuthenticatedUser; jsonDepthScanned?: number };
}

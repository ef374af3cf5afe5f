import type { HttpBindings } from '@hono/node-server';

export interface AuthenticatedUser {
  /** The ID token's `sub`: the key of everything the user stores. */
  sub: string;
}

/** The Hono environment of our app: the node request/response, and the user once authenticated. */
export interface AppEnv {
  Bindings: HttpBindings;
  Variables: { user: AuthenticatedUser };
}


import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { authConfigOf } from '../../model/auth-config';

/** The signed-in user as the machines keep it: the raw ID token is what our services verify. */
export interface SessionUser {
  sub: string;
  name: string;
  idToken: string;
  /** Unix seconds. */
  expiresAt: number | null;
}

export function toSessionUser(user: User): SessionUser | null {
  if (user.expired || !user.id_token) return null;
  const profile = user.profile;
  return {
    sub: profile.sub,
    name: String(profile.name ?? profile.preferred_username ?? profile.email ?? profile.sub),
    idToken: user.id_token,
    expiresAt: user.expires_at ?? null,
  };
}

/**
 * Whether this tab holds a signed-in session or returns from the provider (oidc-client-ts keeps the user
 * under `oidc.user:<issuer>:<client>` in session storage): the page then starts its worker before the
 * sign-in configuration is in, since the load will need it. Read by its keys' shape only: whether the
 * session is still valid is the auth machine's question, asked after `/api/config`.
 */
export function mayBeSignedIn(storage: Storage = window.sessionStorage, url: string = window.location.href): boolean {
  if (new URL(url).pathname === '/callback') return true;
  for (let i = 0; i < storage.length; i += 1) if (storage.key(i)?.startsWith('oidc.user:')) return true;
  return false;
}

/**
 * The ID token of the session this tab holds (`oidc.user:…` in session storage), unchecked, or null: the
 * worker reads what the last visit held for its user while the session is checked (it sends nothing).
 */
export function storedIdToken(storage: Storage = window.sessionStorage): string | null {
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (!key?.startsWith('oidc.user:')) continue;
    try {
      const token = (JSON.parse(storage.getItem(key) ?? 'null') as { id_token?: unknown } | null)?.id_token;
      if (typeof token === 'string' && token !== '') return token;
    } catch {
      // Not a stored user: nothing to read ahead for.
    }
  }
  return null;
}

let managerPromise: Promise<UserManager> | null = null;

/** One UserManager per page, configured from the server at run time (the SPA is built once). */
export function getUserManager(): Promise<UserManager> {
  managerPromise ??= (async () => {
    const response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`The sign-in configuration could not be loaded (${response.status}).`);
    const config = authConfigOf(await response.json());
    if (!config)
      throw new Error(
        'The sign-in configuration the server sent is not one: it needs an issuer, a client id and a scope.',
      );
    const origin = window.location.origin;
    // Tokens and sign-in state live in session storage only: nothing survives the tab, nothing in localStorage.
    const store = new WebStorageStateStore({ store: window.sessionStorage });
    return new UserManager({
      authority: config.issuer,
      client_id: config.clientId,
      redirect_uri: `${origin}/callback`,
      post_logout_redirect_uri: `${origin}/callback`,
      response_type: 'code',
      scope: config.scope,
      automaticSilentRenew: true,
      userStore: store,
      stateStore: store,
    });
  })().catch((error: unknown) => {
    managerPromise = null;
    throw error;
  });
  return managerPromise;
}

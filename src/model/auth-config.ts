/** Body of `GET /api/config`: the OpenID provider the page signs in with (the SPA is built once and learns it at run time). */
export interface AuthConfig {
  issuer: string;
  clientId: string;
  scope: string;
}

/** The body of `GET /api/config` checked: the config when it has the three non-empty strings, else null. */
export function authConfigOf(body: unknown): AuthConfig | null {
  if (typeof body !== 'object' || body === null) return null;
  const { issuer, clientId, scope } = body as Record<string, unknown>;
  if (typeof issuer !== 'string' || typeof clientId !== 'string' || typeof scope !== 'string') return null;
  if (issuer === '' || clientId === '' || scope === '') return null;
  return { issuer, clientId, scope };
}

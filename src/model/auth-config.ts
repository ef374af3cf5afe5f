/** Body of `GET /api/config`: the OpenID provider the page signs in with (the SPA is built once and learns it at run time). */
export interface AuthConfig {
  issuer: string;
  clientId: string;
  scope: string;
}

/**
 * Signs in to a test server for real: the authorization-code flow with PKCE over plain `fetch`, as the
 * SPA's oidc-client-ts does it (discovery, /auth, our sign-in form, redirects, token exchange).
 *
 *   const { idToken, sub } = await signIn(server.url, { username: 'demo', password: 'demo' });
 *   await fetch(`${server.url}/api/transactions`, { headers: { Authorization: idToken } });
 *
 * `createAccount: true` uses the "Create account" form instead. A refused sign-in throws a
 * `SignInRefused` with the status and the message the page shows.
 */
import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { Browser } from './browser';

export interface Credentials {
  username: string;
  password: string;
  createAccount?: boolean;
}

export interface SignedIn {
  idToken: string;
  sub: string;
  refreshToken?: string;
  /** The browser that signed in: it holds the provider's session cookie (for sign-out tests). */
  browser: Browser;
}

export interface ProviderInfo {
  issuer: string;
  clientId: string;
  scope: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  endSessionEndpoint: string;
}

export class SignInRefused extends Error {
  constructor(
    readonly status: number,
    readonly pageError: string,
    readonly html: string,
  ) {
    super(`Sign-in refused (${status}): ${pageError}`);
    this.name = 'SignInRefused';
  }
}

export async function providerInfo(baseUrl: string): Promise<ProviderInfo> {
  const config = (await (await fetch(`${baseUrl}/api/config`)).json()) as {
    issuer: string;
    clientId: string;
    scope: string;
  };
  const discovery = (await (await fetch(`${config.issuer}/.well-known/openid-configuration`)).json()) as Record<
    string,
    string
  >;
  return {
    ...config,
    authorizationEndpoint: discovery.authorization_endpoint!,
    tokenEndpoint: discovery.token_endpoint!,
    endSessionEndpoint: discovery.end_session_endpoint!,
  };
}

/** Starts the flow and returns the sign-in page the browser lands on; `params` add to the authorization request. */
export async function openSignInPage(baseUrl: string, browser = new Browser(), params: Record<string, string> = {}) {
  const provider = await providerInfo(baseUrl);
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const redirectUri = `${baseUrl}/callback`;
  const authorize = new URL(provider.authorizationEndpoint);
  authorize.search = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: provider.scope,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...params,
  }).toString();
  const landed = await browser.follow(await browser.get(authorize.href), authorize.href);
  if (landed instanceof URL) throw new Error(`Unexpected redirect to ${landed.href}`);
  const html = await landed.text();
  if (landed.status !== 200) throw new Error(`The sign-in page answered ${landed.status}: ${html.slice(0, 300)}`);
  return { provider, browser, verifier, state, redirectUri, html, headers: landed.headers };
}

/**
 * Starts an authorization in `browser` and resolves with where it lands: the callback when the provider
 * knows the browser's session (or refuses the request there), else our sign-in page. `params` add to the
 * request; `provider` saves asking for it again.
 */
export async function authorize(
  browser: Browser,
  baseUrl: string,
  options: { provider?: ProviderInfo; params?: Record<string, string> } = {},
): Promise<URL> {
  const provider = options.provider ?? (await providerInfo(baseUrl));
  const url = new URL(provider.authorizationEndpoint);
  url.search = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: `${baseUrl}/callback`,
    response_type: 'code',
    scope: provider.scope,
    state: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'),
    code_challenge_method: 'S256',
    ...options.params,
  }).toString();
  const landed = await browser.follow(
    await browser.get(url.href),
    url.href,
    (location) => location.pathname.startsWith('/callback') || location.pathname.startsWith('/signin/'),
  );
  if (!(landed instanceof URL))
    throw new Error(`Authorization stopped at ${landed.status}: ${(await landed.text()).slice(0, 300)}`);
  return landed;
}

export async function signIn(baseUrl: string, credentials: Credentials): Promise<SignedIn> {
  const flow = await openSignInPage(baseUrl);
  const { browser, html, provider } = flow;
  const step = credentials.createAccount ? 'register' : 'login';
  const action = formAction(html, step);
  const fields: Record<string, string> = {
    _xsrf: hiddenField(html, '_xsrf'),
    username: credentials.username,
    password: credentials.password,
  };
  if (credentials.createAccount) fields.passwordAgain = credentials.password;
  const submitted = await browser.postForm(new URL(action, baseUrl).href, fields);
  if (submitted.status !== 303) {
    const page = await submitted.text();
    throw new SignInRefused(submitted.status, pageError(page), page);
  }
  const callback = await browser.follow(submitted, baseUrl, (location) => location.href.startsWith(flow.redirectUri));
  if (!(callback instanceof URL)) throw new Error(`The flow did not reach ${flow.redirectUri} (${callback.status})`);
  if (callback.searchParams.get('state') !== flow.state) throw new Error('The state came back changed');
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`No code in ${callback.href}`);

  const tokens = await tokenRequest(provider.tokenEndpoint, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: flow.redirectUri,
    client_id: provider.clientId,
    code_verifier: flow.verifier,
  });
  return { idToken: tokens.idToken, sub: tokens.sub, refreshToken: tokens.refreshToken, browser };
}

/** Exchanges a refresh token, as the SPA's silent renew does; the old refresh token is spent (rotation). */
export async function refreshTokens(baseUrl: string, refreshToken: string) {
  const provider = await providerInfo(baseUrl);
  return tokenRequest(provider.tokenEndpoint, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: provider.clientId,
  });
}

async function tokenRequest(endpoint: string, fields: Record<string, string>) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const body = (await response.json()) as {
    id_token?: string;
    refresh_token?: string;
    error?: string;
    error_description?: string;
  };
  if (!response.ok || !body.id_token) {
    throw new Error(`Token request refused (${response.status}): ${body.error} ${body.error_description ?? ''}`);
  }
  // The test plays the client here: reading its own fresh token's subject is what oidc-client-ts does too.
  const sub = decodeJwt(body.id_token).sub;
  if (!sub) throw new Error('The ID token has no sub');
  return { idToken: body.id_token, refreshToken: body.refresh_token, sub };
}

export function formAction(html: string, step: 'login' | 'register'): string {
  const match = new RegExp(`action="([^"]*/${step})"`).exec(html);
  if (!match?.[1]) throw new Error(`No ${step} form on the page`);
  return match[1].replaceAll('&#38;', '&');
}

export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`No hidden field ${name} on the page`);
  return match[1];
}

/** The error the page shows (`role="alert"`), or '' when none. */
export function pageError(html: string): string {
  return /role="alert">([^<]*)</.exec(html)?.[1]?.replaceAll('&#34;', '"') ?? '';
}

/**
 * The built-in OpenID provider end to end over real HTTP: discovery, PKCE, our sign-in and
 * create-account pages with their errors, refresh-token rotation, and sign-out without a detour.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '#helpers/browser';
import {
  authorize,
  hiddenField,
  openSignInPage,
  providerInfo,
  refreshTokens,
  signIn,
  SignInRefused,
  type ProviderInfo,
} from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { FIRST_ACCOUNT } from '#src/model/cash';

let server: TestServer;
let provider: ProviderInfo;

beforeAll(async () => {
  // No demo portfolio file: the demo account must start empty rather than fail.
  server = await startTestServer({ DEMO_PORTFOLIO_FILE: path.join(os.tmpdir(), 'no-such-demo-portfolio.json') });
  provider = await providerInfo(server.url);
});
afterAll(() => server?.close());

/** Starts an authorization in `browser`; resolves with the URL it lands on (callback or sign-in page). */
const authorizeAt = (browser: Browser, params: Record<string, string> = {}): Promise<URL> =>
  authorize(browser, server.url, { provider, params });

async function refusal(promise: Promise<unknown>): Promise<SignInRefused> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SignInRefused);
  return error as SignInRefused;
}

describe('discovery', () => {
  it('announces the issuer under /oidc, code flow only, PKCE with S256', async () => {
    const document = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(document.issuer).toBe(`${server.url}/oidc`);
    expect(document.response_types_supported).toEqual(['code']);
    expect(document.code_challenge_methods_supported).toEqual(['S256']);
    expect(document.end_session_endpoint).toBe(`${server.url}/oidc/session/end`);
  });

  it('refuses an authorization request without PKCE', async () => {
    const landed = await authorizeAt(new Browser(), { code_challenge: '', code_challenge_method: '' });
    expect(landed.pathname).toBe('/callback');
    expect(landed.searchParams.get('error')).toBe('invalid_request');
    expect(landed.searchParams.get('error_description')).toMatch(/PKCE/);
  });
});

describe('the sign-in page', () => {
  it('is our own page: styled from our origin, no script, the demo sign-in shown, never cached', async () => {
    const { html, headers } = await openSignInPage(server.url);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(html).toContain('<link rel="stylesheet" href="/signin/assets/sign-in.css">');
    expect(html).not.toMatch(/<script/);
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).toContain('Create account');
    expect(html).toMatch(/<strong>demo<\/strong> with the password <strong>demo<\/strong>/);
    const css = await fetch(`${server.url}/signin/assets/sign-in.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('says so when the sign-in link is no longer valid', async () => {
    const response = await fetch(`${server.url}/signin/no-such-interaction`);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/no longer valid/);
  });
});

describe('accounts', () => {
  it('signs the demo account in; without a demo portfolio file it starts empty', async () => {
    const { sub, idToken } = await signIn(server.url, { username: 'demo', password: 'demo' });
    expect(sub).toMatch(/^[0-9a-f-]{36}$/);
    const api = await fetch(`${server.url}/api/transactions`, { headers: { Authorization: idToken } });
    expect(api.headers.get('etag')).toBe('"v0"');
    expect(await api.json()).toEqual({
      transactions: { stock: [], dividend: [], commission: [], cash: [] },
      accounts: [FIRST_ACCOUNT],
    });
  });

  it('shows "Wrong username or password." for a wrong password and for an unknown user alike', async () => {
    const wrong = await refusal(signIn(server.url, { username: 'demo', password: 'nope' }));
    const unknown = await refusal(signIn(server.url, { username: 'nobody', password: 'nope' }));
    for (const error of [wrong, unknown]) {
      expect(error.status).toBe(401);
      expect(error.pageError).toBe('Wrong username or password.');
      // The form comes back with the username filled in and a fresh anti-forgery field.
      expect(hiddenField(error.html, '_xsrf')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('creates an account, then signs in to it case-insensitively with the same subject', async () => {
    const created = await signIn(server.url, { username: 'Erin', password: 'erin-secret', createAccount: true });
    const again = await signIn(server.url, { username: 'ERIN', password: 'erin-secret' });
    expect(again.sub).toBe(created.sub);
  });

  it('refuses a taken username (as it refuses a reserved one), or signs its owner in with the right password', async () => {
    const created = await signIn(server.url, { username: 'frank', password: 'frank-secret', createAccount: true });
    const error = await refusal(
      signIn(server.url, { username: 'Frank', password: 'other-secret', createAccount: true }),
    );
    expect(error.status).toBe(409);
    expect(error.pageError).toBe(
      'The username "frank" is not available; choose another. (If it is yours, sign in with it above.)',
    );
    const reserved = await refusal(
      signIn(server.url, { username: 'admin', password: 'other-secret', createAccount: true }),
    );
    expect([reserved.status, reserved.pageError]).toEqual([409, error.pageError.replace('frank', 'admin')]);
    const again = await signIn(server.url, { username: 'frank', password: 'frank-secret', createAccount: true });
    expect(again.sub).toBe(created.sub);
  });

  it('asks for at least 8 characters of password and a sane username', async () => {
    const short = await refusal(signIn(server.url, { username: 'grace', password: 'short', createAccount: true }));
    expect(short.status).toBe(400);
    expect(short.pageError).toMatch(/8 to 200 characters/);
    const odd = await refusal(signIn(server.url, { username: 'a b', password: 'long enough', createAccount: true }));
    expect(odd.pageError).toMatch(/3 to 32 characters/);
  });
});

describe('tokens', () => {
  it('renews with the refresh token, which rotates: the spent one is refused', async () => {
    const first = await signIn(server.url, { username: 'demo', password: 'demo' });
    expect(first.refreshToken).toBeTruthy();
    const renewed = await refreshTokens(server.url, first.refreshToken!);
    expect(renewed.sub).toBe(first.sub);
    expect(renewed.refreshToken).toBeTruthy();
    expect(renewed.refreshToken).not.toBe(first.refreshToken);
    await expect(refreshTokens(server.url, first.refreshToken!)).rejects.toThrow(/invalid_grant/);
    const api = await fetch(`${server.url}/api/transactions`, { headers: { Authorization: renewed.idToken } });
    expect(api.status).toBe(200);
  });

  it('keeps its signing and cookie keys in the database, none in a file of DATA_DIR', () => {
    expect(fs.existsSync(path.join(server.dataDir, 'oidc-keys.json'))).toBe(false);
    const db = new Database(path.join(server.dataDir, 'investments.sqlite'), { readonly: true });
    try {
      const keys = db.prepare('SELECT kind, secret, retired_at_ms FROM provider_keys ORDER BY kind').all() as Array<{
        kind: string;
        secret: string;
        retired_at_ms: number | null;
      }>;
      expect(keys.map((key) => [key.kind, key.retired_at_ms])).toEqual([
        ['cookie', null],
        ['signing', null],
      ]);
      expect(keys[0]!.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(JSON.parse(keys[1]!.secret)).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    } finally {
      db.close();
    }
  });
});

describe('signing out', () => {
  it('ends the session in one self-submitting step and returns to the app', async () => {
    const { browser, idToken } = await signIn(server.url, { username: 'demo', password: 'demo' });
    // Signed in at the provider: a new authorization goes straight back to the app.
    expect((await authorizeAt(browser)).pathname).toBe('/callback');

    const end = new URL(provider.endSessionEndpoint);
    end.search = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: `${server.url}/callback`,
      state: 'bye',
    }).toString();
    const page = await browser.get(end.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/signin/assets/auto-submit.js" defer></script>');
    expect(html).toContain('name="logout" value="yes"');
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    expect(action).toBe(`${server.url}/oidc/session/end/confirm`);

    const confirmed = await browser.postForm(action!, { xsrf: hiddenField(html, 'xsrf'), logout: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${server.url}/callback?state=bye`);

    // Signed out: the next authorization asks for a password again.
    expect((await authorizeAt(browser)).pathname).toMatch(/^\/signin\//);
  });
});

/**
 * Anti-forgery as documented (double submit: a write that carries the XSRF-TOKEN cookie must carry its
 * value in X-XSRF-TOKEN, the sign-in forms in `_xsrf`; a write without the cookie passes), on every
 * state-changing route; and the security headers on every kind of answer: landing, SPA routes, assets,
 * the sign-in page, the provider's endpoints and error pages, API answers, 401s, 404s, 405s, 413s.
 * `tests/integration/server/xsrf.double-submit-cookie.test.ts` and `serving.spa-headers-and-fallback.test.ts`
 * prove the basic cases.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '#helpers/browser';
import { formAction, hiddenField, openSignInPage, signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { currentTransactionsEtag } from '#helpers/transactions-client';
import { VALID_BODY } from '#helpers/hardening/malformed-transactions';
import { expectUnchanged, readStoredBytes } from '#helpers/hardening/stored-bytes';
import { recordTally } from '#helpers/hardening/tally';

let server: TestServer;
let staticDir: string;
let idToken: string;
const tally = { xsrf: 0, xsrfHeld: 0, pages: 0, pagesHeld: 0 };

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hardening-static-'));
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-AAAAAAAA.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(staticDir, 'assets/index-AAAAAAAA.js'), 'console.log("app");\n'.repeat(100));
  server = await startTestServer({ STATIC_DIR: staticDir });
  ({ idToken } = await signIn(server.url, {
    username: 'forgery-target',
    password: 'forgery-secret',
    createAccount: true,
  }));
  const saved = await fetch(`${server.url}/api/transactions`, {
    method: 'PUT',
    headers: { Authorization: idToken, 'content-type': 'application/json', 'if-match': '"v0"' },
    body: VALID_BODY,
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  recordTally({
    section: 'security',
    check:
      'anti-forgery: writes carrying the cookie without (or with a wrong) X-XSRF-TOKEN or _xsrf → 403, nothing stored',
    tried: tally.xsrf,
    held: tally.xsrfHeld,
    requests: tally.xsrf,
  });
  recordTally({
    section: 'security',
    check:
      'CSP, nosniff, Referrer-Policy, X-Frame-Options, COOP on every kind of answer (pages, assets, sign-in, provider, API, errors)',
    tried: tally.pages,
    held: tally.pagesHeld,
    requests: tally.pages,
  });
  await server?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('anti-forgery', () => {
  const writes = [
    {
      name: 'PUT /api/transactions',
      method: 'PUT',
      path: '/api/transactions',
      body: VALID_BODY.replace('300.5', '999'),
    },
    {
      name: 'POST /api/quotes',
      method: 'POST',
      path: '/api/quotes',
      body: JSON.stringify({ symbol: 'MSFT', start: 1_700_000_000, end: 1_700_086_400 }),
    },
    {
      name: 'POST /api/symbols/resolve',
      method: 'POST',
      path: '/api/symbols/resolve',
      body: JSON.stringify({ products: [{ isin: 'US0378331005' }] }),
    },
    {
      name: 'PUT /api/symbols/choices',
      method: 'PUT',
      path: '/api/symbols/choices',
      body: JSON.stringify({ choices: [{ isin: 'US0378331005', symbol: 'FORGED' }] }),
    },
  ];
  const wrongHeaders: Array<[string, (cookie: string) => Record<string, string>]> = [
    ['no header', () => ({})],
    ['an empty header', () => ({ 'X-XSRF-TOKEN': '' })],
    ['another token of the same length', (cookie) => ({ 'X-XSRF-TOKEN': 'x'.repeat(cookie.length) })],
    ['the token cut short', (cookie) => ({ 'X-XSRF-TOKEN': cookie.slice(0, -1) })],
    ['the token with a character more', (cookie) => ({ 'X-XSRF-TOKEN': `${cookie}x` })],
    [
      'the token in other case',
      (cookie) => ({ 'X-XSRF-TOKEN': cookie.toUpperCase() === cookie ? cookie.toLowerCase() : cookie.toUpperCase() }),
    ],
    ['the token in another header name', (cookie) => ({ 'X-CSRF-TOKEN': cookie })],
  ];

  for (const write of writes) {
    it(`${write.name} with the cookie: 403 for every wrong header, nothing stored; the right one passes`, async () => {
      const before = await readStoredBytes(server.url, idToken);
      const browser = new Browser();
      await browser.get(`${server.url}/`);
      const cookie = browser.cookie('XSRF-TOKEN')!;
      expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The set's current version as If-Match (the transactions write needs one; the others ignore it).
      const send = async (headers: Record<string, string>) =>
        browser.request(`${server.url}${write.path}`, {
          method: write.method,
          headers: {
            Authorization: idToken,
            'content-type': 'application/json',
            'if-match': await currentTransactionsEtag(server.url, idToken),
            ...headers,
          },
          body: write.body,
        });
      for (const [name, headers] of wrongHeaders) {
        tally.xsrf += 1;
        const response = await send(headers(cookie));
        expect(response.status, name).toBe(403);
        expect(((await response.json()) as { message: string }).message, name).toMatch(/X-XSRF-TOKEN/);
        expectUnchanged(await readStoredBytes(server.url, idToken), before, name);
        tally.xsrfHeld += 1;
      }
      expect((await send({ 'X-XSRF-TOKEN': cookie })).status).toBe(200);
    });
  }

  it('passes a write without the cookie (no browser session to forge from), as documented', async () => {
    const response = await fetch(`${server.url}/api/transactions`, {
      method: 'PUT',
      headers: {
        Authorization: idToken,
        'content-type': 'application/json',
        'X-XSRF-TOKEN': 'anything-at-all-here',
        'if-match': await currentTransactionsEtag(server.url, idToken),
      },
      body: VALID_BODY,
    });
    expect(response.status).toBe(200);
  });

  it.each(['login', 'register'] as const)('the %s form: 403 without _xsrf and with a wrong one', async (step) => {
    for (const xsrf of [undefined, 'y'.repeat(43)]) {
      tally.xsrf += 1;
      const { browser, html } = await openSignInPage(server.url);
      expect(hiddenField(html, '_xsrf')).toBe(browser.cookie('XSRF-TOKEN'));
      const fields: Record<string, string> = {
        username: 'forged-user',
        password: 'forged-password',
        passwordAgain: 'forged-password',
      };
      if (xsrf) fields._xsrf = xsrf;
      const response = await browser.postForm(new URL(formAction(html, step), server.url).href, fields);
      expect(response.status, `${step} with _xsrf ${xsrf ?? 'missing'}`).toBe(403);
      tally.xsrfHeld += 1;
    }
    // Nobody was signed in or created by the refused forms.
    await expect(signIn(server.url, { username: 'forged-user', password: 'forged-password' })).rejects.toThrow(
      /Sign-in refused/,
    );
  });
});

describe('security headers on every kind of answer', () => {
  function expectHeaders(response: Response, what: string) {
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toMatch(/script-src 'self'(;|$)/);
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("object-src 'none'");
    expect(csp, what).toContain("base-uri 'self'");
    expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(response.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options'), what).toBe('DENY');
    expect(response.headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
  }

  const answers: Array<[string, string, RequestInit?, number?]> = [
    ['the landing page', '/', undefined, 200],
    ['the login route', '/login', undefined, 200],
    ['the dashboard route', '/dashboard', undefined, 200],
    ['the transactions route', '/transactions', undefined, 200],
    ['the sign-in callback route', '/callback?code=x&state=y', undefined, 200],
    ['a deep client route', '/dashboard/tickers/x', undefined, 200],
    ['a hashed asset', '/assets/index-AAAAAAAA.js', undefined, 200],
    ['a missing asset', '/assets/missing-BBBBBBBB.js', undefined, 404],
    ['a missing favicon', '/favicon.ico', undefined, 404],
    ['a broken percent-encoding', '/%E0%A4%A', undefined, 400],
    ['HEAD of the landing page', '/', { method: 'HEAD' }, 200],
    ['the sign-in stylesheet', '/signin/assets/sign-in.css', undefined, 200],
    ['an expired sign-in page', '/signin/not-a-real-uid', undefined, 400],
    ['the provider discovery', '/oidc/.well-known/openid-configuration', undefined, 200],
    ['the provider keys', '/oidc/jwks', undefined, 200],
    ['the provider authorize error page', '/oidc/auth?client_id=nobody', undefined, 400],
    ['an unknown provider path', '/oidc/nothing-here', undefined, 404],
    ['the public config', '/api/config', undefined, 200],
    ['the health check', '/healthz', undefined, 200],
    ['an API call without a token', '/api/transactions', undefined, 401],
    ['an unknown API path', '/api/nothing', undefined, 401],
    [
      'an OPTIONS preflight',
      '/api/transactions',
      { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'PUT' } },
      401,
    ],
  ];

  it.each(answers)('%s', async (what, path, init, status) => {
    tally.pages += 1;
    const response = await fetch(`${server.url}${path}`, init);
    expect(response.status, what).toBe(status);
    expectHeaders(response, what);
    // No cross-origin read, except of the provider's public metadata (OpenID discovery and keys are public by design).
    const publicMetadata = path.startsWith('/oidc/.well-known/') || path === '/oidc/jwks';
    expect(response.headers.get('access-control-allow-origin'), what).toBe(publicMetadata ? '*' : null);
    tally.pagesHeld += 1;
  });

  it.each([
    ['a 405 from the quotes service', 'GET', '/api/quotes', undefined, 405],
    ['a 413 from the transactions service', 'PUT', '/api/transactions', `[${' '.repeat(11 * 1024 * 1024)}]`, 413],
    ['a 400 from the transactions service', 'PUT', '/api/transactions', '{', 400],
  ] as const)('%s', async (what, method, path, body, status) => {
    tally.pages += 1;
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: idToken, 'content-type': 'application/json' },
      body,
    });
    expect(response.status, what).toBe(status);
    expectHeaders(response, what);
    tally.pagesHeld += 1;
  });

  it('the sign-in page itself, never cached', async () => {
    tally.pages += 1;
    const { headers, html } = await openSignInPage(server.url);
    const response = new Response(html, { headers });
    expectHeaders(response, 'the sign-in page');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    tally.pagesHeld += 1;
  });
});

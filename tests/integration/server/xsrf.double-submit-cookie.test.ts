/**
 * Anti-forgery over real HTTP: the server hands out an XSRF-TOKEN cookie, and a write that carries the
 * cookie must carry the same value in X-XSRF-TOKEN (the sign-in forms: in their `_xsrf` field).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '#helpers/browser';
import { formAction, openSignInPage, signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { currentTransactionsEtag, stock, transactionsClient, transactionSet } from '#helpers/transactions-client';

let server: TestServer;
let idToken: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ idToken } = await signIn(server.url, { username: 'xsrf-user', password: 'xsrf-secret', createAccount: true }));
});
afterAll(() => server?.close());

describe('the cookie', () => {
  it('is set on a response to a browser that has none: random, SameSite=Strict, Path=/, readable by scripts', async () => {
    const [first, second] = await Promise.all([fetch(`${server.url}/`), fetch(`${server.url}/api/config`)]);
    const cookies = [first, second].map((r) => r.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN=')));
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Strict$/);
      expect(cookie).not.toMatch(/HttpOnly/i);
    }
    expect(cookies[0]).not.toBe(cookies[1]);
  });

  it('is left alone when the browser already has one', async () => {
    const browser = new Browser();
    await browser.get(`${server.url}/api/config`);
    const token = browser.cookie('XSRF-TOKEN');
    const again = await browser.get(`${server.url}/api/config`);
    expect(again.headers.getSetCookie().some((c) => c.startsWith('XSRF-TOKEN='))).toBe(false);
    expect(browser.cookie('XSRF-TOKEN')).toBe(token);
  });
});

describe('a write', () => {
  const body = JSON.stringify({ transactions: transactionSet({ stock: [stock('AAPL', '2020-01-02', 1, 75)] }) });
  const put = async (browser: Browser, headers: Record<string, string> = {}) =>
    browser.request(`${server.url}/api/transactions`, {
      method: 'PUT',
      headers: {
        Authorization: idToken,
        'content-type': 'application/json',
        'if-match': await currentTransactionsEtag(server.url, idToken),
        ...headers,
      },
      body,
    });

  it('carrying the cookie but no header is refused with 403, nothing stored', async () => {
    const browser = new Browser();
    await browser.get(`${server.url}/`);
    const response = await put(browser);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/X-XSRF-TOKEN/);
    expect((await transactionsClient(server.url, idToken).get()).etag).toBe('"v0"');
  });

  it('carrying the cookie and a different header value is refused with 403', async () => {
    const browser = new Browser();
    await browser.get(`${server.url}/`);
    expect((await put(browser, { 'X-XSRF-TOKEN': 'x'.repeat(43) })).status).toBe(403);
  });

  it('carrying the cookie and the matching header passes', async () => {
    const browser = new Browser();
    await browser.get(`${server.url}/`);
    const response = await put(browser, { 'X-XSRF-TOKEN': browser.cookie('XSRF-TOKEN')! });
    expect(response.status).toBe(200);
  });

  it('without the cookie passes: no browser session to forge from (scripts, CLI clients)', async () => {
    expect((await put(new Browser())).status).toBe(200);
  });
});

describe('the sign-in form', () => {
  it('posted with the cookie but without its _xsrf field is refused with 403', async () => {
    const { browser, html } = await openSignInPage(server.url);
    const response = await browser.postForm(new URL(formAction(html, 'login'), server.url).href, {
      username: 'xsrf-user',
      password: 'xsrf-secret',
    });
    expect(response.status).toBe(403);
  });
});

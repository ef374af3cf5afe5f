/**
 * The red team's low findings, each over real HTTP against the real server:
 * 4. the token endpoint answered CORS for any origin (it compared the Origin with itself);
 * 5. any site could sign the user out (the end-session page submitted itself without an id_token_hint);
 * 6. the Host header moved the discovery document's endpoints;
 * 9. slow uploads stayed open for minutes, no connection cap;
 * 11. no HSTS behind https; Node's own 431 without the security headers.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '#helpers/browser';
import { authorize, providerInfo, signIn, type ProviderInfo } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { recordTally } from '#helpers/hardening/tally';

let server: TestServer;
let provider: ProviderInfo;
beforeAll(async () => {
  server = await startTestServer();
  provider = await providerInfo(server.url);
});
afterAll(async () => {
  await server?.close();
});

const check = (what: string, requests = 1) =>
  recordTally({ section: 'security', check: what, tried: 1, held: 1, requests });

/** A request with any Host header (fetch does not let a caller set it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

describe('4. CORS on the token endpoint', () => {
  it('answers only PUBLIC_URL’s origin', async () => {
    const post = (origin: string) =>
      fetch(provider.tokenEndpoint, {
        method: 'POST',
        headers: { Origin: origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: 'x',
          client_id: provider.clientId,
        }).toString(),
      });
    const evil = await post('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const own = await post(new URL(server.url).origin);
    expect(own.headers.get('access-control-allow-origin')).toBe(new URL(server.url).origin);
    check('token endpoint CORS: only PUBLIC_URL’s origin', 2);
  });
});

describe('5. signing out', () => {
  /** The provider knows the browser's session: an authorization goes straight back to the callback. */
  async function signedInAtProvider(browser: Browser): Promise<boolean> {
    return (await authorize(browser, server.url, { provider })).pathname === '/callback';
  }

  it('without the user’s own id_token_hint, asks first (no self-submitting page) and stays signed in', async () => {
    const user = await signIn(server.url, {
      username: 'sits-tight',
      password: 'my own passphrase',
      createAccount: true,
    });
    const other = await signIn(server.url, {
      username: 'someone-else',
      password: 'another passphrase',
      createAccount: true,
    });
    const cases: Array<Record<string, string>> = [
      {},
      { id_token_hint: other.idToken },
      { post_logout_redirect_uri: `${server.url}/callback`, client_id: provider.clientId },
    ];
    for (const params of cases) {
      const end = new URL(provider.endSessionEndpoint);
      end.search = new URLSearchParams(params).toString();
      const page = await user.browser.get(end.href);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).not.toContain('auto-submit.js');
      expect(html).toContain('Sign out?');
      expect(html).toMatch(/<button type="submit">Sign out<\/button>/);
      expect(await signedInAtProvider(user.browser)).toBe(true);
    }
    // With the user's own hint it is one step, as the app does it.
    const own = new URL(provider.endSessionEndpoint);
    own.search = new URLSearchParams({ id_token_hint: user.idToken }).toString();
    expect(await (await user.browser.get(own.href)).text()).toContain('auto-submit.js');
    check('logout: no self-submitting sign-out without the user’s own id_token_hint', 8);
  });
});

describe('6. the Host header', () => {
  it('421 for a Host or X-Forwarded-Host other than PUBLIC_URL’s; the probes answer any Host', async () => {
    const discovery = `${server.url}/oidc/.well-known/openid-configuration`;
    const cases: Array<Record<string, string>> = [
      { Host: 'evil.example' },
      { Host: `evil.example:${new URL(server.url).port}` },
      { 'X-Forwarded-Host': 'evil.example' },
    ];
    for (const headers of cases) {
      const answer = await rawGet(discovery, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(421);
      expect(answer.body).not.toContain('evil.example');
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    }
    const own = await rawGet(discovery, {});
    expect(own.status).toBe(200);
    expect((JSON.parse(own.body) as { token_endpoint: string }).token_endpoint.startsWith(`${server.url}/oidc/`)).toBe(
      true,
    );
    expect((await rawGet(`${server.url}/healthz`, { Host: '10.0.0.7:8080' })).status).toBe(200);
    check('Host header: 421 for another host', 5);
  });
});

describe('9. slow requests and many connections', () => {
  it('cuts an upload still arriving after 30 s', async () => {
    const { idToken } = await signIn(server.url, {
      username: 'slow-uploader',
      password: 'my own passphrase',
      createAccount: true,
    });
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    const started = performance.now();
    socket.write(
      `PUT /api/transactions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${idToken}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
    );
    socket.on('error', () => undefined);
    const drip = setInterval(() => socket.writable && socket.write(' '), 1000);
    const closedAfterMs = await new Promise<number>((resolve) =>
      socket.on('close', () => resolve(performance.now() - started)),
    );
    clearInterval(drip);
    expect(closedAfterMs).toBeGreaterThan(25_000);
    expect(closedAfterMs).toBeLessThan(40_000);
    check('slow upload cut after the request timeout (30 s)');
  }, 60_000);

  it('closes connections whose headers do not arrive within 10 s', async () => {
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    const started = performance.now();
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const drip = setInterval(() => socket.writable && socket.write('a'), 1000);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    const closedAfterMs = await new Promise<number>((resolve) =>
      socket.on('close', () => resolve(performance.now() - started)),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    clearInterval(drip);
    expect(closedAfterMs).toBeLessThan(15_000);
    check('slow headers cut after 10 s');
  }, 30_000);

  it('holds at most 100 connections from one address; the rest are closed at once', async () => {
    const port = Number(new URL(server.url).port);
    const sockets = await Promise.all(
      Array.from(
        { length: 120 },
        () =>
          new Promise<{ socket: net.Socket; closed: Promise<void> }>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () =>
              resolve({ socket, closed: new Promise((done) => socket.on('close', () => done())) }),
            );
            socket.on('error', () => undefined);
          }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const closed = sockets.filter(({ socket }) => socket.destroyed || socket.readyState === 'closed').length;
    expect(closed).toBeGreaterThanOrEqual(20);
    for (const { socket } of sockets) socket.destroy();
    await Promise.all(sockets.map(({ closed: c }) => c));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    check('connection cap per address', 121);
  });
});

describe('11. source maps', () => {
  it('are not served, even when the build left them next to the assets', async () => {
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hardening-maps-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>x</title>');
    fs.writeFileSync(
      path.join(staticDir, 'assets/index-AAAAAAAA.js'),
      'console.log(1);\n//# sourceMappingURL=index-AAAAAAAA.js.map\n',
    );
    fs.writeFileSync(
      path.join(staticDir, 'assets/index-AAAAAAAA.js.map'),
      JSON.stringify({ version: 3, sourcesContent: ['secret source'] }),
    );
    const withMaps = await startTestServer({ STATIC_DIR: staticDir });
    try {
      expect((await fetch(`${withMaps.url}/assets/index-AAAAAAAA.js`)).status).toBe(200);
      const map = await fetch(`${withMaps.url}/assets/index-AAAAAAAA.js.map`);
      expect(map.status).toBe(404);
      expect(await map.text()).not.toContain('secret source');
    } finally {
      await withMaps.close();
      fs.rmSync(staticDir, { recursive: true, force: true });
    }
    check('source maps not served', 2);
  });
});

describe('11. headers on every answer', () => {
  it('Node’s own 431 carries the security headers', async () => {
    const answer = await rawGet(`${server.url}/healthz`, { 'X-Big': 'x'.repeat(100_000) });
    expect(answer.status).toBe(431);
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    check('431 with the security headers');
  });

  it('HSTS when PUBLIC_URL is https, not otherwise', async () => {
    expect((await fetch(`${server.url}/healthz`)).headers.get('strict-transport-security')).toBeNull();
    const behindTls = await startTestServer({ PUBLIC_URL: 'https://investments.example' });
    try {
      const answer = await fetch(`${behindTls.url}/healthz`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000');
      // Any other page answers 421 here (the Host is not investments.example), with HSTS too.
      const misdirected = await fetch(`${behindTls.url}/api/config`);
      expect(misdirected.status).toBe(421);
      expect(misdirected.headers.get('strict-transport-security')).toBe('max-age=31536000');
    } finally {
      await behindTls.close();
    }
    check('HSTS behind https', 3);
  });
});

/**
 * Every forged or wrong `Authorization` (see `support/forged-tokens.ts`) on every route behind the
 * sign-in, over real HTTP: a 401 with a JSON message each time, the victim's set untouched by the PUTs,
 * and no request to the key URL a forged `jku` header names. A token minted with the server's own key
 * does reach the set (the control). `tests/integration/server/auth.rejects-bad-id-tokens.test.ts` proves 12
 * of these cases on GET; `auth.external-issuer-remote-keys.test.ts` the same with an external issuer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintIdToken, serverSigningKey } from '#helpers/id-tokens';
import { providerInfo, signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { forgedAuthorizations, type ForgedAuthorization } from '#helpers/hardening/forged-tokens';
import { VALID_BODY } from '#helpers/hardening/malformed-transactions';
import { expectUnchanged, readStoredBytes, type StoredBytes } from '#helpers/hardening/stored-bytes';
import { recordTally } from '#helpers/hardening/tally';

interface Route {
  name: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  body?: string;
}

const ROUTES: Route[] = [
  { name: 'GET /api/transactions', method: 'GET', path: '/api/transactions' },
  {
    name: 'PUT /api/transactions',
    method: 'PUT',
    path: '/api/transactions',
    body: VALID_BODY.replace('VWCE.DE', 'FORGED'),
  },
  {
    name: 'POST /api/quotes',
    method: 'POST',
    path: '/api/quotes',
    body: JSON.stringify({ symbol: 'MSFT', start: 1_700_000_000, end: 1_700_086_400 }),
  },
  { name: 'DELETE /api/account', method: 'DELETE', path: '/api/account', body: JSON.stringify({ username: 'victim' }) },
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
  { name: 'GET /api/unknown', method: 'GET', path: '/api/unknown' },
];

let server: TestServer;
let jwksServer: http.Server;
let jwksHits = 0;
let victim: { idToken: string; sub: string };
let victimBefore: StoredBytes;
let forgeries: ForgedAuthorization[] = [];
let mintGenuine: () => Promise<string>;
let held = 0;

beforeAll(async () => {
  jwksServer = http.createServer((_request, response) => {
    jwksHits += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"keys":[]}');
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  server = await startTestServer();
  const [victimSignIn, attacker] = await Promise.all([
    signIn(server.url, { username: 'victim', password: 'victim-secret', createAccount: true }),
    signIn(server.url, { username: 'mallory', password: 'mallory-secret', createAccount: true }),
  ]);
  victim = victimSignIn;
  const saved = await fetch(`${server.url}/api/transactions`, {
    method: 'PUT',
    headers: { Authorization: victim.idToken, 'content-type': 'application/json', 'if-match': '"v0"' },
    body: VALID_BODY,
  });
  expect(saved.status).toBe(200);
  victimBefore = await readStoredBytes(server.url, victim.idToken);
  const serverKey = await serverSigningKey(server.dataDir);
  const { issuer, clientId } = await providerInfo(server.url);
  mintGenuine = () => mintIdToken(serverKey, { iss: issuer, aud: clientId, sub: victim.sub });
  forgeries = await forgedAuthorizations({
    serverKey,
    issuer,
    clientId,
    victimSub: victim.sub,
    attackerIdToken: attacker.idToken,
    attackerRefreshToken: attacker.refreshToken,
    attackerJwksUrl: `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks`,
  });
});

afterAll(async () => {
  recordTally({
    section: 'security',
    check: `forged, malformed, unsigned, expired, wrong-iss/aud, not-yet-valid tokens on ${ROUTES.length} routes → 401 with a message, victim's set untouched`,
    tried: forgeries.length * ROUTES.length,
    held,
    requests: forgeries.length * ROUTES.length,
  });
  await server?.close();
  await new Promise<void>((resolve) => jwksServer?.close(() => resolve()));
});

async function call(route: Route, authorization: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== undefined) headers.Authorization = authorization;
  return fetch(`${server.url}${route.path}`, { method: route.method, headers, body: route.body });
}

describe('every wrong token on every route', () => {
  it('has at least 30 forgeries to try', () => {
    expect(forgeries.length).toBeGreaterThanOrEqual(30);
  });

  for (const route of ROUTES) {
    it(`${route.name}: 401 with a JSON message for each`, async () => {
      for (const forgery of forgeries) {
        const response = await call(route, forgery.header);
        const text = await response.text();
        expect(response.status, `${forgery.name}: ${text.slice(0, 200)}`).toBe(401);
        expect((JSON.parse(text) as { message?: string }).message, forgery.name).toMatch(/\S/);
        held += 1;
      }
    });
  }

  it("left the victim's set as it was, and never fetched the key URL a forged jku named", async () => {
    expectUnchanged(await readStoredBytes(server.url, victim.idToken), victimBefore, 'after every forged PUT');
    expect(jwksHits).toBe(0);
  });

  it("reaches the victim's set only with a token signed by the server's own key (the control)", async () => {
    const response = await call(ROUTES[0]!, await mintGenuine());
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(victimBefore.bytes)).toBe(true);
  });
});

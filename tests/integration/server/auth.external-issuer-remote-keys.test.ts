/**
 * With OIDC_ISSUER + OIDC_CLIENT_ID the server trusts an external provider: its keys come from the
 * discovery document's jwks_uri, cached, and fetched again when a token names an unknown key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteVerifier } from '#server/auth/id-token-verifier';
import { startFakeIssuer, type FakeIssuer } from '#helpers/fake-issuer';
import { foreignSigningKey, mintIdToken, type SigningKey } from '#helpers/id-tokens';
import { startTestServer, type TestServer } from '#helpers/test-server';

const CLIENT_ID = 'spa-client';
let fake: FakeIssuer;
let key: SigningKey;

beforeAll(async () => {
  fake = await startFakeIssuer();
  key = await foreignSigningKey();
  fake.publish([key]);
});
afterAll(() => fake?.close());

const claims = (sub = 'external-user') => ({ iss: fake.issuer, aud: CLIENT_ID, sub });

describe('the remote key set', () => {
  it('is discovered once and cached between tokens', async () => {
    const verifier = createRemoteVerifier({ issuer: fake.issuer, clientId: CLIENT_ID });
    const before = { discovery: fake.requests('discovery'), jwks: fake.requests('jwks') };
    expect(await verifier.verify(await mintIdToken(key, claims('a')))).toEqual({ ok: true, sub: 'a' });
    expect(await verifier.verify(await mintIdToken(key, claims('b')))).toEqual({ ok: true, sub: 'b' });
    expect(fake.requests('discovery') - before.discovery).toBe(1);
    expect(fake.requests('jwks') - before.jwks).toBe(1);
  });

  it('is fetched again when a token names a key it has not seen (rotation)', async () => {
    const verifier = createRemoteVerifier({ issuer: fake.issuer, clientId: CLIENT_ID, jwksCooldownMs: 0 });
    expect((await verifier.verify(await mintIdToken(key, claims()))).ok).toBe(true);
    const rotated = await foreignSigningKey();
    fake.publish([key, rotated]);
    const fetchesBefore = fake.requests('jwks');
    expect(await verifier.verify(await mintIdToken(rotated, claims('rotated')))).toEqual({ ok: true, sub: 'rotated' });
    expect(fake.requests('jwks')).toBe(fetchesBefore + 1);
    fake.publish([key]);
  });

  it('refuses a key the issuer does not publish, even after fetching again', async () => {
    const verifier = createRemoteVerifier({ issuer: fake.issuer, clientId: CLIENT_ID, jwksCooldownMs: 0 });
    const result = await verifier.verify(await mintIdToken(await foreignSigningKey(), claims()));
    expect(result).toMatchObject({ ok: false, status: 401 });
  });

  it('answers 503, not 401, while the issuer is down, and recovers when it is back', async () => {
    const verifier = createRemoteVerifier({ issuer: fake.issuer, clientId: CLIENT_ID });
    const token = await mintIdToken(key, claims());
    fake.setDown(true);
    try {
      expect(await verifier.verify(token)).toMatchObject({ ok: false, status: 503 });
    } finally {
      fake.setDown(false);
    }
    expect(await verifier.verify(token)).toMatchObject({ ok: true });
  });

  it('answers 503 when nothing listens at the issuer', async () => {
    const verifier = createRemoteVerifier({
      issuer: 'http://127.0.0.1:9/realms/none',
      clientId: CLIENT_ID,
      timeoutMs: 500,
    });
    expect(await verifier.verify(await mintIdToken(key, claims()))).toMatchObject({ ok: false, status: 503 });
  });
});

describe('a server configured for an external provider', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ OIDC_ISSUER: fake.issuer, OIDC_CLIENT_ID: CLIENT_ID });
  });
  afterAll(() => server?.close());

  it('tells the SPA about that provider', async () => {
    expect(await (await fetch(`${server.url}/api/config`)).json()).toEqual({
      issuer: fake.issuer,
      clientId: CLIENT_ID,
      scope: 'openid profile email offline_access',
    });
  });

  it("accepts that provider's tokens and refuses others", async () => {
    const get = async (token: string) =>
      (await fetch(`${server.url}/api/transactions`, { headers: { Authorization: token } })).status;
    expect(await get(await mintIdToken(key, claims()))).toBe(200);
    expect(await get(`Bearer ${await mintIdToken(key, claims())}`)).toBe(200);
    expect(await get(await mintIdToken(await foreignSigningKey(key.kid), claims()))).toBe(401);
    expect(await get(await mintIdToken(key, { ...claims(), aud: 'investments-tracker' }))).toBe(401);
  });

  it('does not start the built-in provider', async () => {
    expect((await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).status).toBe(404);
  });

  it("allows the provider's origin in the CSP for connections and forms", async () => {
    const csp = (await fetch(`${server.url}/healthz`)).headers.get('content-security-policy') ?? '';
    const origin = new URL(fake.issuer).origin;
    expect(csp).toContain(`connect-src 'self' ${origin}`);
    expect(csp).toContain(`form-action 'self' ${origin}`);
  });
});

/**
 * Every way an ID token can be wrong gets a 401 with a JSON message, over real HTTP. The wrong tokens are
 * signed with the server's own key unless the point is the signature, so each fails for one reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  foreignSigningKey,
  mintIdToken,
  nowSeconds,
  serverSigningKey,
  unsignedIdToken,
  type IdTokenClaims,
  type SigningKey,
} from '#helpers/id-tokens';
import { providerInfo, signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';

let server: TestServer;
let key: SigningKey;
let claims: IdTokenClaims;

beforeAll(async () => {
  server = await startTestServer();
  key = await serverSigningKey(server.dataDir);
  const { issuer, clientId } = await providerInfo(server.url);
  claims = { iss: issuer, aud: clientId, sub: 'hand-made-user' };
});
afterAll(() => server?.close());

async function getTransactions(authorization?: string) {
  const response = await fetch(`${server.url}/api/transactions`, {
    headers: authorization === undefined ? {} : { Authorization: authorization },
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

async function expectRefused(authorization: string | undefined, messagePart: RegExp) {
  const { status, body } = await getTransactions(authorization);
  expect(status).toBe(401);
  expect(body.message).toMatch(messagePart);
}

describe('a well-formed token', () => {
  it('is accepted raw, as the SPA sends it', async () => {
    expect((await getTransactions(await mintIdToken(key, claims))).status).toBe(200);
  });

  it('is accepted with a Bearer prefix too', async () => {
    expect((await getTransactions(`Bearer ${await mintIdToken(key, claims)}`)).status).toBe(200);
  });

  it('is accepted when it comes from a real sign-in', async () => {
    const { idToken } = await signIn(server.url, { username: 'demo', password: 'demo' });
    expect((await getTransactions(idToken)).status).toBe(200);
  });
});

describe('401 for', () => {
  it('no Authorization header', () => expectRefused(undefined, /sign in/i));

  it('an empty Authorization header', () => expectRefused('', /sign in/i));

  it('a malformed token', () => expectRefused('not-a-jwt', /not accepted/));

  it('a token with a mangled signature', async () => {
    const token = await mintIdToken(key, claims);
    const [header, payload, signature = ''] = token.split('.');
    const flipped = `${signature.slice(0, -4)}${signature.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    await expectRefused(`${header}.${payload}.${flipped}`, /signature/);
  });

  it('alg: none', () => expectRefused(unsignedIdToken(claims), /not accepted/));

  it('a token signed by another key under the server key id', async () => {
    const impostor = await foreignSigningKey(key.kid);
    await expectRefused(await mintIdToken(impostor, claims), /signature/);
  });

  it('a token signed by another key with an unknown key id', async () => {
    await expectRefused(await mintIdToken(await foreignSigningKey(), claims), /not accepted/);
  });

  it('a wrong issuer', async () => {
    await expectRefused(await mintIdToken(key, { ...claims, iss: 'https://evil.example/oidc' }), /iss/);
  });

  it('a wrong audience', async () => {
    await expectRefused(await mintIdToken(key, { ...claims, aud: 'someone-else' }), /aud/);
  });

  it('an expired token', async () => {
    await expectRefused(
      await mintIdToken(key, { ...claims, iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 }),
      /expired/,
    );
  });

  it('a token not valid before an hour from now', async () => {
    await expectRefused(await mintIdToken(key, { ...claims, nbf: nowSeconds() + 3600 }), /nbf/);
  });

  it('a token without a subject', async () => {
    const { sub: _sub, ...withoutSub } = claims;
    await expectRefused(await mintIdToken(key, withoutSub as IdTokenClaims), /sub/);
  });

  it('the quotes service too: it is no open proxy', async () => {
    const response = await fetch(`${server.url}/api/quotes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'AAPL', start: 0, end: 1 }),
    });
    expect(response.status).toBe(401);
  });
});

it('keeps /api/config public: the SPA reads it before anyone signs in', async () => {
  const response = await fetch(`${server.url}/api/config`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({
    issuer: `${server.url}/oidc`,
    clientId: 'investments-tracker',
    scope: 'openid profile offline_access',
  });
});

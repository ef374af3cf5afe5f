/**
 * The verifier remembers a token that verified, so the same token's next request does not check its
 * signature again (the keys are not even asked for), but never past its `exp` with the clock tolerance,
 * never longer than VERIFIED_TTL_MS, and never a refusal: an expired token is refused though it verified
 * a moment before, a tampered one however often it comes.
 */
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalVerifier, VERIFIED_TTL_MS, type IdTokenVerifier } from '#server/auth/id-token-verifier';

const issuer = 'http://localhost:1/oidc';
const clientId = 'investments-tracker';
const startMs = Date.UTC(2026, 0, 5, 12);

let privateKey: CryptoKey;
let publicJwk: JWK;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' };
});

function token(sub: string, expSeconds: number): Promise<string> {
  return new SignJWT({ sub })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(issuer)
    .setAudience(clientId)
    .setIssuedAt(Math.floor(startMs / 1000))
    .setExpirationTime(expSeconds)
    .sign(privateKey);
}

/** A verifier on a clock the test moves, counting how often it asks for the keys. */
function countingVerifier(): { verifier: IdTokenVerifier; keyReads: () => number; clock: { ms: number } } {
  let reads = 0;
  const keys = [publicJwk];
  const clock = { ms: startMs };
  const verifier = createLocalVerifier({
    issuer,
    clientId,
    keys: {
      current: () => {
        reads += 1;
        return keys;
      },
      refresh: async () => keys,
    },
    now: () => clock.ms,
  });
  return { verifier, keyReads: () => reads, clock };
}

describe('verified ID tokens remembered', () => {
  it('verifies a token once, then takes it on trust for the same subject', async () => {
    const { verifier, keyReads } = countingVerifier();
    const alice = await token('alice', Math.floor(startMs / 1000) + 3600);
    expect(await verifier.verify(alice)).toEqual({ ok: true, sub: 'alice' });
    const readsAfterFirst = keyReads();
    expect(readsAfterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect(await verifier.verify(alice)).toEqual({ ok: true, sub: 'alice' });
    expect(keyReads()).toBe(readsAfterFirst);
    // Another token is verified on its own.
    const bob = await token('bob', Math.floor(startMs / 1000) + 3600);
    expect(await verifier.verify(bob)).toEqual({ ok: true, sub: 'bob' });
    expect(keyReads()).toBeGreaterThan(readsAfterFirst);
  });

  it('checks the signature again after VERIFIED_TTL_MS', async () => {
    const { verifier, keyReads, clock } = countingVerifier();
    const alice = await token('alice', Math.floor(startMs / 1000) + 3600);
    await verifier.verify(alice);
    const reads = keyReads();
    clock.ms += VERIFIED_TTL_MS - 1;
    await verifier.verify(alice);
    expect(keyReads()).toBe(reads);
    clock.ms += 2;
    expect(await verifier.verify(alice)).toEqual({ ok: true, sub: 'alice' });
    expect(keyReads()).toBeGreaterThan(reads);
  });

  it('refuses a remembered token once it has expired, as jose would', async () => {
    const { verifier, clock } = countingVerifier();
    const expSeconds = Math.floor(startMs / 1000) + 20;
    const alice = await token('alice', expSeconds);
    expect(await verifier.verify(alice)).toEqual({ ok: true, sub: 'alice' });
    // Within the 30 s tolerance after exp: still taken; past it, refused though it verified a moment ago.
    clock.ms = expSeconds * 1000 + 29_000;
    expect(await verifier.verify(alice)).toEqual({ ok: true, sub: 'alice' });
    clock.ms = expSeconds * 1000 + 30_001;
    const late = await verifier.verify(alice);
    expect(late.ok).toBe(false);
    expect(late).toMatchObject({ status: 401, message: 'The ID token has expired.' });
  });

  it('never remembers a refusal: a tampered token is refused every time', async () => {
    const { verifier } = countingVerifier();
    const alice = await token('alice', Math.floor(startMs / 1000) + 3600);
    const [header, payload, signature] = alice.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'mallory' }),
    );
    const tampered = `${header}.${forged.toString('base64url')}.${signature}`;
    expect(await verifier.verify(alice)).toEqual({ ok: true, sub: 'alice' });
    for (let i = 0; i < 3; i++) expect((await verifier.verify(tampered)).ok).toBe(false);
  });
});

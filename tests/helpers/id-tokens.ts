/**
 * ID tokens made by hand, to prove the server refuses every wrong one. `serverSigningKey(dataDir)` reads
 * the built-in provider's private key from a test server's database (the SQLite file in its DATA_DIR),
 * so a token can be wrong in exactly one way (expired, wrong audience…) while its signature is genuine.
 *
 *   const key = await serverSigningKey(server.dataDir);
 *   const expired = await mintIdToken(key, { iss, aud, sub: 'x', exp: nowSeconds() - 3600 });
 *   const forged = await mintIdToken(await foreignSigningKey(), { iss, aud, sub: 'x' });
 *   const unsigned = unsignedIdToken({ iss, aud, sub: 'x' });
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload, type CryptoKey } from 'jose';
import pg from 'pg';

export interface SigningKey {
  privateKey: CryptoKey | Uint8Array;
  kid: string;
  alg: string;
  /** The public half, for a JWKS a fake issuer serves. */
  publicJwk: JWK;
}

export interface IdTokenClaims extends JWTPayload {
  iss: string;
  aud: string;
  sub: string;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

const CURRENT_SIGNING_KEY_SQL =
  "SELECT secret FROM provider_keys WHERE kind = 'signing' AND retired_at_ms IS NULL ORDER BY created_at_ms DESC LIMIT 1";

/**
 * The built-in provider's current signing key, from the server's database: the SQLite file in its
 * DATA_DIR, or the PostgreSQL database at `databaseUrl` when the server runs on one.
 */
export async function serverSigningKey(dataDir: string, databaseUrl?: string): Promise<SigningKey> {
  let secret: string | undefined;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      secret = (await client.query<{ secret: string }>(CURRENT_SIGNING_KEY_SQL)).rows[0]?.secret;
    } finally {
      await client.end();
    }
  } else {
    const db = new Database(path.join(dataDir, 'investments.sqlite'), { readonly: true });
    try {
      secret = db.prepare(CURRENT_SIGNING_KEY_SQL).pluck().get() as string | undefined;
    } finally {
      db.close();
    }
  }
  const jwk = secret === undefined ? undefined : (JSON.parse(secret) as JWK);
  if (!jwk?.kid || !jwk.alg) throw new Error('No signing key in the provider_keys table');
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
  return { privateKey: await importJWK(jwk, jwk.alg), kid: jwk.kid, alg: jwk.alg, publicJwk };
}

/** A new RS256 key nobody trusts (or that a fake issuer publishes). */
export async function foreignSigningKey(kid: string = randomUUID()): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    privateKey,
    kid,
    alg: 'RS256',
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
}

/** Signs `claims`; `iat` defaults to now and `exp` to an hour from now. */
export function mintIdToken(key: SigningKey, claims: IdTokenClaims): Promise<string> {
  const payload: JWTPayload = { iat: nowSeconds(), exp: nowSeconds() + 3600, ...claims };
  return new SignJWT(payload).setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' }).sign(key.privateKey);
}

/** `alg: none`: a token anyone can write. */
export function unsignedIdToken(claims: IdTokenClaims): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iat: nowSeconds(), exp: nowSeconds() + 3600, ...claims })}.`;
}

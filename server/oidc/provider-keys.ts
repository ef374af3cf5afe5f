/**
 * The built-in provider's secrets: RS256 signing keys (ID tokens) and cookie-signing keys, kept in the
 * database (`provider_keys`), so every instance on one PostgreSQL signs and verifies with the same keys
 * and nothing an instance needs lives only on its own disk. The first instance to start creates them
 * under a lock; `npm run keys:rotate` replaces them, and the retired ones keep verifying until the
 * tokens and sessions they signed have expired. Instances read the keys again every
 * `PROVIDER_KEYS_REFRESH_MS`, and at once when a token names a key they do not know.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Log } from '../log';
import type { ProviderKey, ProviderKeyStore } from '../storage/types';

/** Where servers before version 4 of the schema kept the keys; imported once, then removed. */
export const LEGACY_KEYS_FILE_NAME = 'oidc-keys.json';

/** How often an instance reads the keys again (another instance may have rotated them). */
export const PROVIDER_KEYS_REFRESH_MS = 30_000;
/** The ID token's lifetime (the provider's `ttl.IdToken`). */
export const ID_TOKEN_TTL_SECONDS = 3600;
/** The provider's session lifetime (`ttl.Session`): how long a cookie signed with a retired key is honoured. */
export const SESSION_TTL_SECONDS = 14 * 24 * 3600;
/** Clocks of instances and verifiers may differ a little. */
const CLOCK_SKEW_MS = 60_000;

export interface ProviderKeys {
  /** Private JWKs (with `kid`, `alg`, `use`) for oidc-provider's `jwks`: the first signs, all verify. */
  signingKeys: JWK[];
  /** Secrets for signing the provider's cookies; the first signs, all verify. */
  cookieKeys: string[];
}

/** The keys in the database, created (under the store's lock) when there are none yet. */
export async function loadOrCreateProviderKeys(
  store: ProviderKeyStore,
  options: { dataDir: string; log: Log },
): Promise<ProviderKeys> {
  const nowMs = Date.now();
  const stored = await store.list(nowMs);
  if (hasCurrent(stored, 'signing') && hasCurrent(stored, 'cookie')) return providerKeysFrom(stored);
  const legacyFile = path.join(options.dataDir, LEGACY_KEYS_FILE_NAME);
  const legacy = readLegacyKeys(legacyFile);
  const initial = await store.initialize(legacy ? legacyKeyRows(legacy, nowMs) : await newKeyRows(nowMs), nowMs);
  if (legacy) {
    // The tokens and sessions signed before the upgrade stay valid; the copy on disk is no longer read.
    fs.rmSync(legacyFile, { force: true });
    options.log.info('provider keys moved into the database', { from: legacyFile });
  }
  return providerKeysFrom(initial);
}

/** The keys as stored now (another instance may have rotated them). */
export async function readProviderKeys(store: ProviderKeyStore): Promise<ProviderKeys> {
  return providerKeysFrom(await store.list(Date.now()));
}

/**
 * New signing and cookie keys for every instance. The retired signing key verifies for one ID token
 * lifetime after every instance has picked up the new one; the retired cookie key for one session lifetime.
 */
export async function rotateProviderKeys(store: ProviderKeyStore, nowMs = Date.now()): Promise<ProviderKeys> {
  const pickUp = PROVIDER_KEYS_REFRESH_MS + CLOCK_SKEW_MS;
  return providerKeysFrom(
    await store.rotate(await newKeyRows(nowMs), {
      nowMs,
      signingUntilMs: nowMs + pickUp + ID_TOKEN_TTL_SECONDS * 1000,
      cookieUntilMs: nowMs + pickUp + SESSION_TTL_SECONDS * 1000,
    }),
  );
}

/** The public half of the signing keys, to verify ID tokens without asking the provider over HTTP. */
export function publicSigningKeys(keys: ProviderKeys): JWK[] {
  return keys.signingKeys.map(({ kty, n, e, crv, x, y, kid, alg, use }) => ({ kty, n, e, crv, x, y, kid, alg, use }));
}

/** Equal when the same keys sign and verify in the same order. */
export function sameProviderKeys(a: ProviderKeys, b: ProviderKeys): boolean {
  const ids = (keys: ProviderKeys) => [...keys.signingKeys.map((key) => key.kid), '|', ...keys.cookieKeys].join(' ');
  return ids(a) === ids(b);
}

/** Current keys first (the newest current one signs), then the retired ones that still verify. */
function providerKeysFrom(stored: ProviderKey[]): ProviderKeys {
  const ordered = [...stored].sort(
    (a, b) =>
      Number(a.retiredAtMs !== undefined) - Number(b.retiredAtMs !== undefined) || b.createdAtMs - a.createdAtMs,
  );
  const signingKeys = ordered.filter((key) => key.kind === 'signing').map((key) => JSON.parse(key.secret) as JWK);
  const cookieKeys = ordered.filter((key) => key.kind === 'cookie').map((key) => key.secret);
  if (signingKeys.length === 0 || cookieKeys.length === 0) throw new Error('The database holds no provider keys');
  return { signingKeys, cookieKeys };
}

function hasCurrent(stored: ProviderKey[], kind: ProviderKey['kind']): boolean {
  return stored.some((key) => key.kind === kind && key.retiredAtMs === undefined);
}

async function newKeyRows(nowMs: number): Promise<ProviderKey[]> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  return [
    { id: kid, kind: 'signing', secret: JSON.stringify(jwk), createdAtMs: nowMs },
    { id: randomUUID(), kind: 'cookie', secret: randomBytes(32).toString('base64url'), createdAtMs: nowMs },
  ];
}

/** The legacy file's keys (it only ever held one of each kind), as the current ones. */
function legacyKeyRows(keys: ProviderKeys, nowMs: number): ProviderKey[] {
  return [
    ...keys.signingKeys.slice(0, 1).map((jwk) => ({
      id: jwk.kid ?? randomUUID(),
      kind: 'signing' as const,
      secret: JSON.stringify(jwk),
      createdAtMs: nowMs,
    })),
    ...keys.cookieKeys
      .slice(0, 1)
      .map((secret) => ({ id: randomUUID(), kind: 'cookie' as const, secret, createdAtMs: nowMs })),
  ];
}

function readLegacyKeys(file: string): ProviderKeys | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<ProviderKeys>;
  if (
    !Array.isArray(parsed.signingKeys) ||
    parsed.signingKeys.length === 0 ||
    !Array.isArray(parsed.cookieKeys) ||
    parsed.cookieKeys.length === 0
  ) {
    throw new Error(`${file} is not a key file written by this server; move it away to generate new keys`);
  }
  return { signingKeys: parsed.signingKeys, cookieKeys: parsed.cookieKeys };
}

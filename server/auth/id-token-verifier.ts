/**
 * Verifies the raw ID token the SPA sends: signature against the issuer's keys, `iss`, `aud` (our client
 * id), `exp` and `nbf`. Never decodes without verifying. The external provider's keys come from its
 * discovery document's `jwks_uri` (jose's remote set: cached, fetched again on an unknown `kid`); the
 * built-in provider's keys come from our own database (read again on an unknown `kid`: another instance
 * may have rotated them), so no request goes over the network.
 *
 * A token that verified is remembered (by its SHA-256, never the token itself) for VERIFIED_TTL_MS at
 * most and never past its own `exp` with the clock tolerance, the moment jose would refuse it: every API
 * request of a session carries the same token, and its signature need not be checked again each time
 * (`npm run bench:load`). A key withdrawn from the issuer's set therefore stops a token it signed within
 * VERIFIED_TTL_MS. Refusals are not remembered.
 */
import { createHash } from 'node:crypto';
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JWK, type JWTVerifyGetKey } from 'jose';

/** Asymmetric algorithms only: `none` and HMAC (a shared secret the SPA would know) never verify. */
const ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];
/** Clocks of issuer and server may differ a little. */
const CLOCK_TOLERANCE_SECONDS = 30;
/** How long a verified token is taken on trust again. */
export const VERIFIED_TTL_MS = 60_000;
/** Tokens remembered at most (about 50 bytes each); the oldest go first. */
const MAX_VERIFIED = 10_000;

export type VerificationResult =
  | { ok: true; sub: string }
  /** 401: the token is missing, malformed or not acceptable; 503: we could not get the issuer's keys. */
  | { ok: false; status: 401 | 503; message: string };

export interface IdTokenVerifier {
  verify(token: string): Promise<VerificationResult>;
}

/** The built-in provider's public keys as this instance knows them, and how to read them again. */
export interface LocalKeys {
  current(): JWK[];
  /** Called on a `kid` the current keys lack; resolves with the keys read again. */
  refresh(): Promise<JWK[]>;
}

export function createLocalVerifier(options: {
  issuer: string;
  clientId: string;
  keys: JWK[] | LocalKeys;
  /** The clock (unix ms), for tests. */
  now?: () => number;
}): IdTokenVerifier {
  const { keys } = options;
  if (Array.isArray(keys)) return verifierWith(options, async () => createLocalJWKSet({ keys }));
  let known = keys.current();
  let keySet = createLocalJWKSet({ keys: known });
  const getKey: JWTVerifyGetKey = async (header, token) => {
    if (keys.current() !== known) {
      known = keys.current();
      keySet = createLocalJWKSet({ keys: known });
    }
    try {
      return await keySet(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      known = await keys.refresh();
      keySet = createLocalJWKSet({ keys: known });
      return keySet(header, token);
    }
  };
  return verifierWith(options, async () => getKey);
}

export interface RemoteVerifierOptions {
  issuer: string;
  clientId: string;
  /** jose refetches the key set on an unknown `kid` at most once per this many ms (default 30 s). */
  jwksCooldownMs?: number;
  /** Timeout of each discovery and key-set request. */
  timeoutMs?: number;
}

export function createRemoteVerifier(options: RemoteVerifierOptions): IdTokenVerifier {
  const timeoutMs = options.timeoutMs ?? 5000;
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const discover = async (): Promise<JWTVerifyGetKey> => {
    const url = `${options.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`discovery ${url} answered ${response.status}`);
    const document = (await response.json()) as { jwks_uri?: unknown };
    if (typeof document.jwks_uri !== 'string') throw new Error(`discovery ${url} has no jwks_uri`);
    return createRemoteJWKSet(new URL(document.jwks_uri), {
      cooldownDuration: options.jwksCooldownMs ?? 30_000,
      timeoutDuration: timeoutMs,
    });
  };
  return verifierWith(options, () => {
    // A failed discovery is not remembered: the next request tries again.
    keySet ??= discover().catch((error: unknown) => {
      keySet = undefined;
      throw error;
    });
    return keySet;
  });
}

/** Verified tokens by digest: the subject, and until when (unix ms) it is taken without checking again. */
function verifiedTokens(now: () => number) {
  const entries = new Map<string, { sub: string; untilMs: number }>();
  return {
    digest: (token: string) => createHash('sha256').update(token).digest('base64'),
    get(digest: string): string | undefined {
      const entry = entries.get(digest);
      if (!entry) return undefined;
      if (now() < entry.untilMs) return entry.sub;
      entries.delete(digest);
      return undefined;
    },
    remember(digest: string, sub: string, expSeconds: number): void {
      const untilMs = Math.min(now() + VERIFIED_TTL_MS, (expSeconds + CLOCK_TOLERANCE_SECONDS) * 1000);
      if (entries.size >= MAX_VERIFIED) {
        // Expired ones first; failing those, the oldest.
        for (const [key, entry] of entries) if (entry.untilMs <= now()) entries.delete(key);
        if (entries.size >= MAX_VERIFIED) entries.delete(entries.keys().next().value!);
      }
      entries.set(digest, { sub, untilMs });
    },
  };
}

function verifierWith(
  options: { issuer: string; clientId: string; now?: () => number },
  getKeySet: () => Promise<JWTVerifyGetKey>,
): IdTokenVerifier {
  const now = options.now ?? Date.now;
  const verified = verifiedTokens(now);
  return {
    async verify(token) {
      const digest = verified.digest(token);
      const known = verified.get(digest);
      if (known !== undefined) return { ok: true, sub: known };
      let keys: JWTVerifyGetKey;
      try {
        keys = await getKeySet();
      } catch (error) {
        return {
          ok: false,
          status: 503,
          message: `The identity provider's keys are unavailable: ${(error as Error).message}`,
        };
      }
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer: options.issuer,
          audience: options.clientId,
          algorithms: ALGORITHMS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['sub', 'exp'],
          currentDate: new Date(now()),
        });
        if (typeof payload.sub !== 'string' || payload.sub === '') {
          return { ok: false, status: 401, message: 'The ID token has no subject.' };
        }
        verified.remember(digest, payload.sub, payload.exp!);
        return { ok: true, sub: payload.sub };
      } catch (error) {
        return rejection(error);
      }
    },
  };
}

function rejection(error: unknown): VerificationResult {
  if (error instanceof errors.JWTExpired) return { ok: false, status: 401, message: 'The ID token has expired.' };
  if (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    !(error instanceof errors.JOSEError)
  ) {
    return {
      ok: false,
      status: 503,
      message: `The identity provider's keys are unavailable: ${(error as Error).message}`,
    };
  }
  return { ok: false, status: 401, message: `The ID token was not accepted: ${error.message}.` };
}

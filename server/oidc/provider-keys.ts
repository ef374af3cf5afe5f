/**
 * The built-in provider's secrets: an RS256 signing key (ID tokens) and cookie-signing keys, generated on
 * first start and kept in `$DATA_DIR/oidc-keys.json` (mode 600), so tokens and sessions survive restarts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export const PROVIDER_KEYS_FILE_NAME = 'oidc-keys.json';

export interface ProviderKeys {
  /** Private JWKs (with `kid`, `alg`, `use`) for oidc-provider's `jwks`. */
  signingKeys: JWK[];
  /** Secrets for signing the provider's cookies; the first signs, all verify. */
  cookieKeys: string[];
}

export async function loadOrCreateProviderKeys(dataDir: string): Promise<ProviderKeys> {
  const file = path.join(dataDir, PROVIDER_KEYS_FILE_NAME);
  const existing = readKeys(file);
  if (existing) return existing;
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const keys: ProviderKeys = {
    signingKeys: [{ ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' }],
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
  return keys;
}

/** The public half of the signing keys, to verify ID tokens without asking the provider over HTTP. */
export function publicSigningKeys(keys: ProviderKeys): JWK[] {
  return keys.signingKeys.map(({ kty, n, e, crv, x, y, kid, alg, use }) => ({ kty, n, e, crv, x, y, kid, alg, use }));
}

function readKeys(file: string): ProviderKeys | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<ProviderKeys>;
  if (!Array.isArray(parsed.signingKeys) || parsed.signingKeys.length === 0 || !Array.isArray(parsed.cookieKeys)) {
    throw new Error(`${file} is not a key file written by this server; move it away to generate new keys`);
  }
  return { signingKeys: parsed.signingKeys, cookieKeys: parsed.cookieKeys };
}

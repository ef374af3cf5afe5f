/**
 * Upgrading a server that kept its provider keys in `$DATA_DIR/oidc-keys.json` (before schema v4):
 * the keys move into the database on first start, the file is removed, and tokens keep the same key.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { serverSigningKey } from '#helpers/id-tokens';
import { signIn } from '#helpers/oidc-login';
import { startTestServer } from '#helpers/test-server';

describe('a DATA_DIR with the old key file', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-keys-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('moves the keys into the database and signs with the same key', async () => {
    const kid = randomUUID();
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const legacy = {
      signingKeys: [{ ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }],
      cookieKeys: [randomBytes(32).toString('base64url')],
    };
    fs.writeFileSync(path.join(dataDir, 'oidc-keys.json'), JSON.stringify(legacy), { mode: 0o600 });

    const server = await startTestServer({ DATA_DIR: dataDir });
    try {
      expect(fs.existsSync(path.join(dataDir, 'oidc-keys.json'))).toBe(false);
      expect((await serverSigningKey(dataDir)).kid).toBe(kid);
      const { idToken } = await signIn(server.url, { username: 'demo', password: 'demo' });
      expect(decodeProtectedHeader(idToken).kid).toBe(kid);
    } finally {
      await server.close();
    }
  });
});

/**
 * `npm run keys:rotate`: new signing and cookie keys for the built-in OpenID provider, in the database the
 * server's environment names (DATABASE_URL, else the SQLite file in DATA_DIR). Running instances pick
 * them up within `PROVIDER_KEYS_REFRESH_MS`; the retired keys keep verifying until the ID tokens and
 * sessions they signed have expired, so nobody is signed out. Exit code 0 when rotated, 1 otherwise.
 */
import fs from 'node:fs';
import { readConfig } from '../server/config';
import { createLog } from '../server/log';
import { PROVIDER_KEYS_REFRESH_MS, rotateProviderKeys } from '../server/oidc/provider-keys';
import { openStorage } from '../server/storage/open-storage';

async function main(): Promise<number> {
  const result = readConfig(process.env);
  if (!result.ok) {
    console.error(`Cannot read the configuration:\n${result.errors.map((e) => `  - ${e}`).join('\n')}`);
    return 1;
  }
  const { config } = result;
  if (config.oidc.kind === 'external') {
    console.error('OIDC_ISSUER is set: the external provider holds its own keys; there is nothing to rotate here.');
    return 1;
  }
  if (config.databaseUrl === undefined && !fs.existsSync(config.dataDir)) {
    console.error(`DATA_DIR ${config.dataDir} does not exist: start the server once, or point DATA_DIR at its data.`);
    return 1;
  }
  const storage = await openStorage({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: createLog('error'),
  });
  try {
    const keys = await rotateProviderKeys(storage.providerKeys);
    const where = config.databaseUrl === undefined ? `the SQLite file in ${config.dataDir}` : 'the PostgreSQL database';
    console.log(
      [
        `Rotated the provider keys in ${where}.`,
        `Signing now: ${keys.signingKeys[0]?.kid}; still verifying: ${
          keys.signingKeys
            .slice(1)
            .map((key) => key.kid)
            .join(', ') || 'none'
        }.`,
        `Running servers switch within ${PROVIDER_KEYS_REFRESH_MS / 1000} s; nobody is signed out.`,
      ].join('\n'),
    );
    return 0;
  } finally {
    await storage.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Rotating the provider keys failed:', error);
    process.exit(1);
  },
);

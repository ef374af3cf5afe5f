/**
 * The built-in provider as the keys in the database say: built at start (creating the keys when there
 * are none), and built again when another instance or `npm run keys:rotate` changed them. The keys are
 * read again every `PROVIDER_KEYS_REFRESH_MS`, and on demand (a token signed with an unknown key) at
 * most once per `MIN_REREAD_MS`, so unknown `kid`s cannot make every request a database read.
 */
import type { JWK } from 'jose';
import type { Provider } from 'oidc-provider';
import type { LocalKeys } from '../auth/id-token-verifier';
import type { Log } from '../log';
import type { Storage } from '../storage/types';
import { BUILT_IN_CLIENT_ID, createBuiltInProvider } from './built-in-provider';
import {
  loadOrCreateProviderKeys,
  PROVIDER_KEYS_REFRESH_MS,
  publicSigningKeys,
  readProviderKeys,
  sameProviderKeys,
  type ProviderKeys,
} from './provider-keys';

const MIN_REREAD_MS = 5000;

export interface LiveProvider {
  issuer: string;
  clientId: string;
  provider(): Provider;
  /** oidc-provider's request handler (a Koa app), of the current provider. */
  callback(): ReturnType<Provider['callback']>;
  /** For the ID token verifier: the current public signing keys, read again on an unknown `kid`. */
  verifierKeys: LocalKeys;
  stop(): void;
}

export async function startLiveProvider(options: {
  publicUrl: string;
  storage: Storage;
  dataDir: string;
  log: Log;
}): Promise<LiveProvider> {
  const { publicUrl, storage, log } = options;
  let keys = await loadOrCreateProviderKeys(storage.providerKeys, { dataDir: options.dataDir, log });
  const build = (from: ProviderKeys) => {
    const built = createBuiltInProvider({ publicUrl, storage, keys: from, log });
    return { ...built, callback: built.provider.callback(), publicKeys: publicSigningKeys(from) };
  };
  let current = build(keys);

  let lastRead = Date.now();
  let reading: Promise<JWK[]> | undefined;
  const reread = (): Promise<JWK[]> => {
    if (reading) return reading;
    if (Date.now() - lastRead < MIN_REREAD_MS) return Promise.resolve(current.publicKeys);
    reading = readProviderKeys(storage.providerKeys)
      .then((stored) => {
        if (!sameProviderKeys(stored, keys)) {
          keys = stored;
          current = build(stored);
          log.info('provider keys changed', { signingKeys: stored.signingKeys.map((key) => key.kid) });
        }
        return current.publicKeys;
      })
      .finally(() => {
        lastRead = Date.now();
        reading = undefined;
      });
    return reading;
  };
  const timer = setInterval(() => {
    reread().catch((error: unknown) => log.error('reading the provider keys failed', { error }));
  }, PROVIDER_KEYS_REFRESH_MS);
  timer.unref();

  return {
    issuer: current.issuer,
    clientId: BUILT_IN_CLIENT_ID,
    provider: () => current.provider,
    callback: () => current.callback,
    verifierKeys: { current: () => current.publicKeys, refresh: reread },
    stop: () => clearInterval(timer),
  };
}

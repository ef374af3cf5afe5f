/** oidc-provider's persistence (sessions, grants, codes, refresh tokens, interactions) over our storage. */
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import { nowSeconds, type OidcPayload, type OidcStore } from '../storage/types';

export function storageAdapter(store: OidcStore): AdapterConstructor {
  return class StorageAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresInSeconds?: number): Promise<void> {
      const expiresAt = expiresInSeconds ? nowSeconds() + expiresInSeconds : undefined;
      await store.upsert(this.model, id, payload as OidcPayload, expiresAt);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return (await store.find(this.model, id)) as AdapterPayload | undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return (await store.findByUid(this.model, uid)) as AdapterPayload | undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return (await store.findByUserCode(this.model, userCode)) as AdapterPayload | undefined;
    }

    async consume(id: string): Promise<void> {
      await store.consume(this.model, id);
    }

    async destroy(id: string): Promise<void> {
      await store.destroy(this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await store.revokeByGrantId(grantId);
    }
  };
}

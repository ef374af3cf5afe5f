/**
 * oidc-provider's persistence (sessions, grants, codes, refresh tokens, interactions) over our storage.
 *
 * Ids are bearer secrets (a refresh token, an access token, an authorization code, a session cookie's
 * value are each the id of their entry), so an entry is stored under the SHA-256 of its id and without
 * the `jti` oidc-provider keeps in the payload (the same value); `find` puts it back from the id asked
 * for. Someone reading the database file gets nothing to present. Grant ids stay as they are: they
 * grant nothing alone, and the other entries point at their grant by it (`grant_id`).
 */
import { createHash } from 'node:crypto';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import { nowSeconds, type OidcPayload, type OidcStore } from '../storage/types';

const KEPT_AS_IS = new Set(['Grant']);
/** Marks a payload whose `jti` was the id and was left out. */
const JTI_WAS_ID = 'jtiWasId';

export function hashedEntryId(model: string, id: string): string {
  return KEPT_AS_IS.has(model) ? id : `sha256:${createHash('sha256').update(id).digest('base64url')}`;
}

function withoutMarker(payload: OidcPayload | undefined): AdapterPayload | undefined {
  if (!payload || payload[JTI_WAS_ID] !== true) return payload as AdapterPayload | undefined;
  const { [JTI_WAS_ID]: _marker, ...rest } = payload;
  return rest as AdapterPayload;
}

export function storageAdapter(store: OidcStore): AdapterConstructor {
  return class StorageAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string): string {
      return hashedEntryId(this.model, id);
    }

    private stored(id: string, payload: AdapterPayload): OidcPayload {
      if (KEPT_AS_IS.has(this.model) || payload.jti !== id) return payload as OidcPayload;
      const { jti: _jti, ...rest } = payload;
      return { ...rest, [JTI_WAS_ID]: true } as OidcPayload;
    }

    private restored(id: string, payload: OidcPayload | undefined): AdapterPayload | undefined {
      if (!payload || payload[JTI_WAS_ID] !== true) return payload as AdapterPayload | undefined;
      return { ...withoutMarker(payload), jti: id } as AdapterPayload;
    }

    async upsert(id: string, payload: AdapterPayload, expiresInSeconds?: number): Promise<void> {
      const expiresAt = expiresInSeconds ? nowSeconds() + expiresInSeconds : undefined;
      await store.upsert(this.model, this.key(id), this.stored(id, payload), expiresAt);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return this.restored(id, await store.find(this.model, this.key(id)));
    }

    /**
     * By uid (a Session, for oidc-provider to check that it still exists and whose it is) the id is not
     * known: the entry comes back without `jti`, so the instance gets a random one of its own. Both of
     * oidc-provider's callers only read it; nothing is saved under that random id.
     */
    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return withoutMarker(await store.findByUid(this.model, uid));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return withoutMarker(await store.findByUserCode(this.model, userCode));
    }

    async consume(id: string): Promise<void> {
      await store.consume(this.model, this.key(id));
    }

    async destroy(id: string): Promise<void> {
      await store.destroy(this.model, this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await store.revokeByGrantId(grantId);
    }
  };
}

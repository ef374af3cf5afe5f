/** Row mapping shared by the SQLite and PostgreSQL stores (their SQL differs, their rows do not). */
import type { Account, OidcPayload, ProviderKey } from './types';

export interface AccountRow {
  sub: string;
  username: string;
  password_hash: string;
  /** PostgreSQL hands BIGINT over as a string. */
  created_at_ms: number | string;
}

export function accountFromRow(row: AccountRow | undefined): Account | undefined {
  if (!row) return undefined;
  return {
    sub: row.sub,
    username: row.username,
    passwordHash: row.password_hash,
    createdAtMs: Number(row.created_at_ms),
  };
}

export function accountParams(account: Account): [string, string, string, number] {
  return [account.sub, account.username, account.passwordHash, account.createdAtMs];
}

/** Parameters of the OpenID entry upsert: model, id, payload JSON, the three looked-up fields, expiry. */
export function oidcEntryParams(model: string, id: string, payload: OidcPayload, expiresAtSeconds: number | undefined) {
  return [
    model,
    id,
    JSON.stringify(payload),
    payload.grantId ?? null,
    payload.uid ?? null,
    payload.userCode ?? null,
    expiresAtSeconds ?? null,
  ] as const;
}

/** A stored payload, with `consumed` (unix seconds) when the entry was consumed. */
export function oidcPayloadFrom(payload: OidcPayload, consumedAt: number | string | null): OidcPayload {
  return consumedAt === null ? payload : { ...payload, consumed: Number(consumedAt) };
}

export interface ProviderKeyRow {
  id: string;
  kind: 'signing' | 'cookie';
  secret: string;
  created_at_ms: number | string;
  retired_at_ms: number | string | null;
  verify_until_ms: number | string | null;
}

export function providerKeyFromRow(row: ProviderKeyRow): ProviderKey {
  return {
    id: row.id,
    kind: row.kind,
    secret: row.secret,
    createdAtMs: Number(row.created_at_ms),
    ...(row.retired_at_ms === null ? {} : { retiredAtMs: Number(row.retired_at_ms) }),
    ...(row.verify_until_ms === null ? {} : { verifyUntilMs: Number(row.verify_until_ms) }),
  };
}

export function providerKeyParams(key: ProviderKey): [string, string, string, number] {
  return [key.id, key.kind, key.secret, key.createdAtMs];
}

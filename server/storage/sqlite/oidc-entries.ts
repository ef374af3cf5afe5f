/** oidc-provider's entries (sessions, grants, codes, tokens, …) in SQLite (table `oidc_entries` of migration 1). */
import type Database from 'better-sqlite3';
import { oidcEntryParams, oidcPayloadFrom } from '../rows';
import { nowSeconds, type OidcPayload, type OidcStore } from '../types';

interface OidcRow {
  payload: string;
  consumed_at: number | null;
}

function payloadFromRow(row: OidcRow | undefined): OidcPayload | undefined {
  return row && oidcPayloadFrom(JSON.parse(row.payload) as OidcPayload, row.consumed_at);
}

export function sqliteOidcStore(db: Database.Database): OidcStore {
  const live = '(expires_at IS NULL OR expires_at > ?)';
  const upsert = db.prepare(`
    INSERT INTO oidc_entries (model, id, payload, grant_id, uid, user_code, expires_at, consumed_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, NULL)
    ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
      uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at, consumed_at = NULL`);
  const byId = db.prepare(`SELECT payload, consumed_at FROM oidc_entries WHERE model = ? AND id = ? AND ${live}`);
  const byUid = db.prepare(`SELECT payload, consumed_at FROM oidc_entries WHERE model = ? AND uid = ? AND ${live}`);
  const byUserCode = db.prepare(
    `SELECT payload, consumed_at FROM oidc_entries WHERE model = ? AND user_code = ? AND ${live}`,
  );
  const consume = db.prepare('UPDATE oidc_entries SET consumed_at = ? WHERE model = ? AND id = ?');
  const destroy = db.prepare('DELETE FROM oidc_entries WHERE model = ? AND id = ?');
  const revoke = db.prepare('DELETE FROM oidc_entries WHERE grant_id = ?');
  const purge = db.prepare('DELETE FROM oidc_entries WHERE expires_at IS NOT NULL AND expires_at <= ?');
  return {
    async upsert(model, id, payload, expiresAtSeconds) {
      upsert.run(...oidcEntryParams(model, id, payload, expiresAtSeconds));
    },
    async find(model, id) {
      return payloadFromRow(byId.get(model, id, nowSeconds()) as OidcRow | undefined);
    },
    async findByUid(model, uid) {
      return payloadFromRow(byUid.get(model, uid, nowSeconds()) as OidcRow | undefined);
    },
    async findByUserCode(model, userCode) {
      return payloadFromRow(byUserCode.get(model, userCode, nowSeconds()) as OidcRow | undefined);
    },
    async consume(model, id) {
      consume.run(nowSeconds(), model, id);
    },
    async destroy(model, id) {
      destroy.run(model, id);
    },
    async revokeByGrantId(grantId) {
      revoke.run(grantId);
    },
    async deleteExpired() {
      return purge.run(nowSeconds()).changes;
    },
  };
}

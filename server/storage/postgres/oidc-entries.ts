/** oidc-provider's entries (sessions, grants, codes, tokens, …) in PostgreSQL (table `oidc_entries` of migration 1). */
import type pg from 'pg';
import { oidcEntryParams, oidcPayloadFrom } from '../rows';
import { nowSeconds, type OidcPayload, type OidcStore } from '../types';

interface OidcRow {
  payload: OidcPayload;
  /** BIGINT arrives as a string. */
  consumed_at: string | null;
}

function payloadFromRows(rows: OidcRow[]): OidcPayload | undefined {
  const row = rows[0];
  return row && oidcPayloadFrom(row.payload, row.consumed_at);
}

export function postgresOidcStore(pool: pg.Pool): OidcStore {
  const live = '(expires_at IS NULL OR expires_at > $3)';
  const findBy = async (column: 'id' | 'uid' | 'user_code', model: string, value: string) => {
    const { rows } = await pool.query<OidcRow>(
      `SELECT payload, consumed_at FROM oidc_entries WHERE model = $1 AND ${column} = $2 AND ${live}`,
      [model, value, nowSeconds()],
    );
    return payloadFromRows(rows);
  };
  return {
    async upsert(model, id, payload, expiresAtSeconds) {
      await pool.query(
        `INSERT INTO oidc_entries (model, id, payload, grant_id, uid, user_code, expires_at, consumed_at)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, NULL)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
           uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at, consumed_at = NULL`,
        [...oidcEntryParams(model, id, payload, expiresAtSeconds)],
      );
    },
    find: (model, id) => findBy('id', model, id),
    findByUid: (model, uid) => findBy('uid', model, uid),
    findByUserCode: (model, userCode) => findBy('user_code', model, userCode),
    async consume(model, id) {
      await pool.query('UPDATE oidc_entries SET consumed_at = $3 WHERE model = $1 AND id = $2', [
        model,
        id,
        nowSeconds(),
      ]);
    },
    async destroy(model, id) {
      await pool.query('DELETE FROM oidc_entries WHERE model = $1 AND id = $2', [model, id]);
    },
    async revokeByGrantId(grantId) {
      await pool.query('DELETE FROM oidc_entries WHERE grant_id = $1', [grantId]);
    },
    async deleteExpired() {
      const { rowCount } = await pool.query(
        'DELETE FROM oidc_entries WHERE expires_at IS NOT NULL AND expires_at <= $1',
        [nowSeconds()],
      );
      return rowCount ?? 0;
    },
  };
}

/** The built-in provider's signing keys and cookie secrets in PostgreSQL (table `provider_keys` of migration 4). */
import type pg from 'pg';
import { providerKeyFromRow, providerKeyParams, type ProviderKeyRow } from '../rows';
import type { ProviderKey, ProviderKeyStore } from '../types';
import { inTransaction } from './pg-transaction';

/** Serialises creating and rotating the provider's keys across instances. */
const PROVIDER_KEYS_LOCK_KEY = 7_432_004;

export function postgresProviderKeyStore(pool: pg.Pool): ProviderKeyStore {
  const list = async (db: pg.Pool | pg.PoolClient, nowMs: number): Promise<ProviderKey[]> => {
    const { rows } = await db.query<ProviderKeyRow>(
      `SELECT * FROM provider_keys WHERE verify_until_ms IS NULL OR verify_until_ms > $1
       ORDER BY created_at_ms DESC, id`,
      [nowMs],
    );
    return rows.map(providerKeyFromRow);
  };
  const insert = (client: pg.PoolClient, key: ProviderKey) =>
    client.query(
      'INSERT INTO provider_keys (id, kind, secret, created_at_ms) VALUES ($1, $2, $3, $4)',
      providerKeyParams(key),
    );
  /** One transaction holding the keys' advisory lock: instances starting or rotating together take turns. */
  const locked = (work: (client: pg.PoolClient) => Promise<void>, nowMs: number): Promise<ProviderKey[]> =>
    inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [PROVIDER_KEYS_LOCK_KEY]);
      await work(client);
      return list(client, nowMs);
    });
  return {
    list: (nowMs) => list(pool, nowMs),
    initialize: (keys, nowMs) =>
      locked(async (client) => {
        const { rows } = await client.query<{ kind: string }>(
          'SELECT DISTINCT kind FROM provider_keys WHERE retired_at_ms IS NULL',
        );
        const present = new Set(rows.map((row) => row.kind));
        for (const key of keys) if (!present.has(key.kind)) await insert(client, key);
      }, nowMs),
    rotate: (keys, retire) =>
      locked(async (client) => {
        await client.query('DELETE FROM provider_keys WHERE verify_until_ms IS NOT NULL AND verify_until_ms <= $1', [
          retire.nowMs,
        ]);
        await client.query(
          `UPDATE provider_keys SET retired_at_ms = $1,
             verify_until_ms = CASE kind WHEN 'signing' THEN $2::bigint ELSE $3::bigint END
           WHERE retired_at_ms IS NULL AND kind = ANY($4::text[])`,
          [retire.nowMs, retire.signingUntilMs, retire.cookieUntilMs, [...new Set(keys.map((key) => key.kind))]],
        );
        for (const key of keys) await insert(client, key);
      }, retire.nowMs),
  };
}

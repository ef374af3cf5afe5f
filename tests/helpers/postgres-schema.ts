/**
 * A fresh PostgreSQL schema per test run, so runs never collide: `createTestSchema()` creates
 * `test_<random>` in the database of `DATABASE_URL` and returns a connection string whose connections
 * use it (`search_path`), and `drop()` removes it with everything in it.
 *
 * Without `DATABASE_URL`: `undefined` with a printed notice, so the caller skips; with `CI` set, it throws.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestSchema {
  name: string;
  connectionString: string;
  drop(): Promise<void>;
}

export function postgresUrlForTests(suite: string): string | undefined {
  const url = process.env.DATABASE_URL;
  if (url) return url;
  if (process.env.CI) {
    throw new Error(`${suite}: DATABASE_URL is not set, but CI is. CI must run the PostgreSQL suites.`);
  }
  console.warn(
    `${suite}: PostgreSQL run skipped, DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).`,
  );
  return undefined;
}

export async function createTestSchema(databaseUrl: string): Promise<TestSchema> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    name,
    connectionString: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA ${name} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

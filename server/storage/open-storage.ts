/** Picks the storage the configuration asks for: PostgreSQL with DATABASE_URL, else the SQLite file. */
import path from 'node:path';
import type { Log } from '../log';
import { openPostgresStorage } from './postgres/postgres-storage';
import { openSqliteStorage } from './sqlite/sqlite-storage';
import type { Storage } from './types';

export const SQLITE_FILE_NAME = 'investments.sqlite';

export async function openStorage(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  log: Log;
}): Promise<Storage> {
  if (options.databaseUrl !== undefined) {
    return openPostgresStorage({
      connectionString: options.databaseUrl,
      onPoolError: (error) => options.log.error('database connection error', { error }),
    });
  }
  return openSqliteStorage(path.join(options.dataDir, SQLITE_FILE_NAME));
}

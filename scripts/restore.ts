/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` into DATA_DIR, which must be empty
 * (or not exist yet); start the server on it afterwards. The file must be a whole database of ours:
 * SQLite, `integrity_check` ok, and only migrations this version knows (`server/storage/sqlite/backup.ts`).
 * With DATABASE_URL it prints the pg_restore line instead (PostgreSQL restores with its own tool).
 * Exit code 0 when restored, 1 otherwise (nothing is written then).
 */
import path from 'node:path';
import { fileAndConfig } from './cli-config';
import { SQLITE_FILE_NAME } from '../server/storage/open-storage';
import { restoreSqliteBackup } from '../server/storage/sqlite/backup';

async function main(): Promise<number> {
  const args = fileAndConfig(
    'Usage: npm run restore -- <file>   (DATA_DIR: an empty folder for the restored database)',
  );
  if (!args) return 1;
  const { file, config } = args;
  if (config.databaseUrl !== undefined) {
    console.error(
      "DATABASE_URL is set: restore a pg_dump backup into an empty PostgreSQL database with PostgreSQL's own tool, then start the server on it:\n" +
        '  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" <file>',
    );
    return 1;
  }
  const restored = await restoreSqliteBackup(path.resolve(file), config.dataDir, SQLITE_FILE_NAME);
  if (!restored.ok) {
    console.error(`Nothing restored. ${restored.reason}`);
    return 1;
  }
  const { summary } = restored;
  console.log(
    `Restored ${path.resolve(file)} into ${summary.file}: schema version ${summary.schemaVersion}, ${summary.accounts} accounts, ` +
      `${summary.transactionSets} transaction sets; integrity_check ok. Start the server with DATA_DIR=${config.dataDir}.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The restore failed:', error);
    process.exit(1);
  },
);

/**
 * `npm run backup -- <file>`: a consistent copy of the database of a running server, in the server's
 * environment (DATA_DIR, DATABASE_URL). SQLite: SQLite's online backup of `DATA_DIR/investments.sqlite`
 * into `<file>` (safe while the server writes; `server/storage/sqlite/backup.ts`). PostgreSQL: runs
 * `pg_dump --format=custom` on DATABASE_URL when pg_dump is on the PATH, else prints that line.
 * Exit code 0 when the backup is written and checked, 1 otherwise.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileAndConfig } from './cli-config';
import { SQLITE_FILE_NAME } from '../server/storage/open-storage';
import { backupSqliteFile } from '../server/storage/sqlite/backup';

/** The documented line (docs/operations.md); the URL goes in the environment, so no password shows in `ps`. */
const PG_DUMP_LINE = 'pg_dump --format=custom --no-owner --file=<file> "$DATABASE_URL"';

function backupPostgres(databaseUrl: string, file: string): number {
  const probe = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    console.error(
      `pg_dump is not on the PATH. Back up PostgreSQL with its own tool, from a machine that has it:\n  ${PG_DUMP_LINE}`,
    );
    return 1;
  }
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  if (fs.existsSync(file)) {
    console.error(`${file} exists already: name a new file.`);
    return 1;
  }
  // Created 0600 first: pg_dump keeps the mode of the file it writes into, and the dump holds password hashes and keys.
  fs.closeSync(fs.openSync(file, 'wx', 0o600));
  console.log(`Running ${probe.stdout.trim()}: ${PG_DUMP_LINE.replace('<file>', file)}`);
  const dump = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, url.toString()], {
    env,
    stdio: 'inherit',
  });
  if (dump.status !== 0) {
    fs.rmSync(file, { force: true });
    console.error(`pg_dump failed (exit ${dump.status ?? dump.signal}); nothing was kept at ${file}.`);
    return 1;
  }
  console.log(`Backed up the PostgreSQL database to ${file}; restore it with pg_restore (docs/operations.md#backups).`);
  return 0;
}

async function main(): Promise<number> {
  const args = fileAndConfig(
    "Usage: npm run backup -- <file>   (in the server's environment: DATA_DIR or DATABASE_URL)",
  );
  if (!args) return 1;
  const { file, config } = args;
  if (config.databaseUrl !== undefined) return backupPostgres(config.databaseUrl, path.resolve(file));
  const backup = await backupSqliteFile(path.join(config.dataDir, SQLITE_FILE_NAME), path.resolve(file));
  if (!backup.ok) {
    console.error(backup.reason);
    return 1;
  }
  const { summary } = backup;
  console.log(
    `Backed up ${path.join(config.dataDir, SQLITE_FILE_NAME)} to ${summary.file}: ${summary.bytes} bytes, schema version ${summary.schemaVersion}, ` +
      `${summary.accounts} accounts, ${summary.transactionSets} transaction sets; integrity_check ok.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The backup failed:', error);
    process.exit(1);
  },
);

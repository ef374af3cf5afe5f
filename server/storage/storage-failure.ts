/**
 * Whether a database error means the storage itself cannot take writes (issue 36): the disk is full,
 * the data folder or the database is read-only, or the disk fails (an I/O error, a file past the size
 * the system allows). Unlike a lock or a database that does not answer, waiting a moment will not help:
 * the routes answer 507 with a message that says so, and log it as an error for the operator.
 * Read from the error's code only: SQLite's (better-sqlite3), the system's, or PostgreSQL's SQLSTATE.
 */

const SQLITE_CODES = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|CORRUPT|NOTADB)(_|$)/;
const SYSTEM_CODES = new Set(['ENOSPC', 'EROFS', 'EIO', 'EFBIG', 'EDQUOT', 'EACCES', 'EPERM']);
/** disk_full, io_error, read_only_sql_transaction, insufficient_resources (class 53), data_corrupted. */
const POSTGRES_CODES = new Set(['53100', '58030', '25006', '53000', 'XX001']);

export function isStorageUnwritable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return SQLITE_CODES.test(code) || SYSTEM_CODES.has(code) || POSTGRES_CODES.has(code);
}

/** What a user is told when a write met such storage: nothing was saved, and it is not theirs to fix. */
export function unwritableStorageMessage(what: string): string {
  return (
    `${what} could not be saved: the server's storage does not take writes (its disk is full, read-only or failing). ` +
    'Nothing was saved; what is stored is unchanged and can still be read. Try again once the server is fixed.'
  );
}

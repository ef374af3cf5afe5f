/**
 * The data directory and the database files are the owner's alone: the directory 0700, the SQLite file
 * and its `-wal` and `-shm` 0600 (SQLite gives those the main file's mode when it creates them). Applied
 * on every start, so a directory or file created before (0755, 0644 under the usual umask) is fixed too.
 * Narrowing only takes bits away: a folder or file the operator made read-only stays read-only, and the
 * SQLite storage then refuses to start with a message that says so (`requireWritable`).
 */
import fs from 'node:fs';

export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export function makePrivateDirectory(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  narrow(dir, PRIVATE_DIRECTORY_MODE);
}

/** Takes away the bits `mode` does not have; a change the system refuses (not ours, read-only) is left to `requireWritable`. */
function narrow(name: string, mode: number): void {
  const current = fs.statSync(name).mode & 0o777;
  if ((current & ~mode) === 0) return;
  try {
    fs.chmodSync(name, current & mode);
  } catch (error) {
    if (!['EPERM', 'EROFS', 'EACCES'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
}

/**
 * Throws a message an operator can act on when the server's user cannot write the data folder or the
 * database file (a read-only mount, a folder or file of another user, permissions taken away): the
 * server keeps every change there, so it does not start rather than fail each save later.
 */
export function requireWritable(dir: string, file: string): void {
  for (const [what, name] of [
    ['data folder', dir],
    ['database file', file],
  ] as const) {
    if (!fs.existsSync(name)) continue;
    try {
      fs.accessSync(name, fs.constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'not writable';
      throw new Error(
        `The ${what} ${name} is not writable for this server (user id ${process.getuid?.() ?? '?'}, ${code}). ` +
          'The server keeps every change there: make it writable for that user (or mount it read-write) and start again. Nothing was changed.',
        { cause: error },
      );
    }
  }
}

/** Creates the database file 0600 before SQLite opens it, and narrows the files already there. */
export function makePrivateDatabaseFiles(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const name of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      narrow(name, PRIVATE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

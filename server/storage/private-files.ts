/**
 * The data directory and the database files are the owner's alone: the directory 0700, the SQLite file
 * and its `-wal` and `-shm` 0600 (SQLite gives those the main file's mode when it creates them). Applied
 * on every start, so a directory or file created before (0755, 0644 under the usual umask) is fixed too.
 */
import fs from 'node:fs';

export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export function makePrivateDirectory(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  if ((fs.statSync(dir).mode & 0o777) !== PRIVATE_DIRECTORY_MODE) fs.chmodSync(dir, PRIVATE_DIRECTORY_MODE);
}

/** Creates the database file 0600 before SQLite opens it, and narrows the files already there. */
export function makePrivateDatabaseFiles(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const name of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      if ((fs.statSync(name).mode & 0o777) !== PRIVATE_FILE_MODE) fs.chmodSync(name, PRIVATE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * The house's limits on the code (issue 32), so that a file grows into a split instead of drifting past
 * them: no source file in src/ or server/ over 300 lines; the worker's `api.ts`, which only merges the
 * domains' intents, at most 100, and each intent file at most 200; and no file in server/ outside
 * server/storage/ importing a database driver (the handles never leave storage).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Every .ts and .tsx file under `folder`, relative to the repository, by path. */
function sources(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) found.push(relative(ROOT, path));
    }
  };
  walk(join(ROOT, folder));
  return found.sort();
}

const lineCount = (path: string): number => readFileSync(join(ROOT, path), 'utf8').replace(/\n$/, '').split('\n').length;

/** The files of `paths` over `limit` lines, with their counts. */
const over = (paths: readonly string[], limit: number): string[] =>
  paths.filter((path) => lineCount(path) > limit).map((path) => `${path}: ${lineCount(path)} lines`);

describe('the code stays in files of one job', () => {
  it('no file in src/ or server/ is over 300 lines', () => {
    const files = [...sources('src'), ...sources('server')];
    expect(files.length).toBeGreaterThan(100);
    expect(over(files, 300)).toEqual([]);
  });

  it("the worker's api.ts is at most 100 lines and no intent file over 200", () => {
    expect(over(['src/worker/api.ts'], 100)).toEqual([]);
    const intents = sources('src/worker/intents');
    expect(intents).toContain('src/worker/intents/prices.ts');
    expect(over(intents, 200)).toEqual([]);
  });

  it('only server/storage/ imports a database driver', () => {
    const drivers = /from ['"](?:better-sqlite3|pg)['"]|import\(['"](?:better-sqlite3|pg)['"]\)|require\(['"](?:better-sqlite3|pg)['"]\)/;
    const importing = sources('server').filter((path) => drivers.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(importing.some((path) => path.startsWith('server/storage/sqlite/'))).toBe(true);
    expect(importing.some((path) => path.startsWith('server/storage/postgres/'))).toBe(true);
    expect(importing.filter((path) => !path.startsWith('server/storage/'))).toEqual([]);
  });
});

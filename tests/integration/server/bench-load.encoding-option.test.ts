/**
 * `npm run bench:load -- --encoding identity|gzip|br` (`tests/hardening/tools/load.ts`): every GET and PUT
 * asks for that coding, and the real server answers in it; without the option the tool asks for gzip, as
 * Node's fetch does by itself. A short run (1 s, 2 users, 20 transactions) on SQLite, as a child process.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#helpers/server-process';

interface ToolOutput {
  results: Array<{ storage: string; encoding: string; answerEncodings: Record<string, number>; errors: number }>;
  instanceKilled?: unknown;
}

async function runLoad(extra: string[]): Promise<ToolOutput> {
  const args = ['--import', 'tsx', 'tests/hardening/tools/load.ts', '--duration', '1', '--users', '2'];
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...args, '--transactions', '20', '--storage', 'sqlite', ...extra],
    { cwd: PROJECT_ROOT, env: { ...process.env, DATABASE_URL: '' }, maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout) as ToolOutput;
}

describe('bench:load --encoding', () => {
  it.each([
    ['identity', ['--encoding', 'identity'], 'identity'],
    ['br', ['--encoding', 'br'], 'br'],
    ['gzip, the default', [], 'gzip'],
  ])('asks for %s and gets every answer in it', { timeout: 60_000 }, async (_name, extra, coding) => {
    const output = await runLoad(extra);
    expect(output.results).toHaveLength(1);
    const [result] = output.results;
    expect(result!.storage).toBe('sqlite');
    expect(result!.errors).toBe(0);
    expect(result!.encoding).toBe(coding);
    expect(Object.keys(result!.answerEncodings)).toEqual([coding]);
    expect(result!.answerEncodings[coding]).toBeGreaterThan(1);
    expect(output.instanceKilled).toBeUndefined();
  });

  it('refuses a coding it does not know', { timeout: 60_000 }, async () => {
    await expect(runLoad(['--encoding', 'deflate'])).rejects.toThrow(/--encoding takes identity, gzip, br/);
  });
});

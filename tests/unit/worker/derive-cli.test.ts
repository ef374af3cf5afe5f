/** The real `derive` CLI, spawned through npm: prints the golden `expected` shape, refuses what is not a scenario. */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { figureDifferences } from '#helpers/worker/compare-figures';

const root = join(import.meta.dirname, '../../..');

function runDerive(path: string) {
  return spawnSync('npm', ['run', '--silent', 'derive', '--', path], { cwd: root, encoding: 'utf8', timeout: 60_000 });
}

describe('npm run derive', () => {
  it('prints the expected figures of a golden scenario on stdout, holdings, performance and benchmark included', () => {
    const result = runDerive('tests/golden/benchmark-and-sells.json');
    expect(result.status).toBe(0);
    const golden = JSON.parse(readFileSync(join(root, 'tests/golden/benchmark-and-sells.json'), 'utf8')) as { expected: unknown };
    const printed = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(printed)).toEqual(expect.arrayContaining(['holdings', 'performance', 'benchmark', 'income']));
    expect(figureDifferences(printed, golden.expected).slice(0, 20)).toEqual([]);
  });

  it('reads a scenario with cash, accounts and a view, and prints its account block', () => {
    const result = runDerive('tests/golden/accounts-and-cash-pension-view.json');
    expect(result.status).toBe(0);
    const golden = JSON.parse(readFileSync(join(root, 'tests/golden/accounts-and-cash-pension-view.json'), 'utf8')) as { expected: { account: unknown } };
    const printed = JSON.parse(result.stdout) as { account: unknown };
    expect(figureDifferences(printed.account, golden.expected.account).slice(0, 20)).toEqual([]);
  });

  it('exits 1 with the reason when the file is not a scenario', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'derive-')), 'bad.json');
    writeFileSync(path, JSON.stringify({ asOf: '2024-13-01', transactions: { stock: [] }, quotes: [] }));
    const result = runDerive(path);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/asOf/);
  });
});

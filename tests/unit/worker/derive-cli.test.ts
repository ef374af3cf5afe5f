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
    const golden = JSON.parse(readFileSync(join(root, 'tests/golden/benchmark-and-sells.json'), 'utf8')) as {
      expected: unknown;
    };
    const printed = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(printed)).toEqual(expect.arrayContaining(['holdings', 'performance', 'benchmark', 'income']));
    expect(figureDifferences(printed, golden.expected).slice(0, 20)).toEqual([]);
  });

  it.each(['accounts-and-cash.json', 'accounts-and-cash-pension-view.json'])(
    'reads %s (cash, accounts, a view) and prints its account block and the fees in its summary',
    (file) => {
      const result = runDerive(`tests/golden/${file}`);
      expect(result.status).toBe(0);
      const golden = JSON.parse(readFileSync(join(root, 'tests/golden', file), 'utf8')) as {
        expected: { account: unknown; summary: unknown };
      };
      const printed = JSON.parse(result.stdout) as { account: unknown; summary: unknown };
      expect(golden.expected.account).toBeDefined();
      expect(figureDifferences(printed.account, golden.expected.account).slice(0, 20)).toEqual([]);
      // The account's fees are the summary's commission: Total Commission and the returns.
      expect(figureDifferences(printed.summary, golden.expected.summary).slice(0, 20)).toEqual([]);
    },
  );

  it('reports in the scenario file’s baseCurrency: usd-stock-in-usd in USD, EUR-booked fees and dividends converted', () => {
    const result = runDerive('tests/golden/usd-stock-in-usd.json');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const golden = JSON.parse(readFileSync(join(root, 'tests/golden/usd-stock-in-usd.json'), 'utf8')) as {
      baseCurrency: string;
      expected: unknown;
    };
    expect(golden.baseCurrency).toBe('USD');
    expect(figureDifferences(JSON.parse(result.stdout), golden.expected).slice(0, 20)).toEqual([]);
  });

  it('refuses a baseCurrency that is not an ISO 4217 code, naming it', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'derive-')), 'bad-base.json');
    const empty = { stock: [], dividend: [], commission: [] };
    writeFileSync(path, JSON.stringify({ asOf: '2024-01-31', transactions: empty, quotes: [], baseCurrency: 'EURO' }));
    const result = runDerive(path);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/"EURO" is not an ISO 4217 currency code/);
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

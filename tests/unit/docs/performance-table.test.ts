/**
 * `npm run docs:performance` (scripts/performance-table.ts): the table it writes from the benchmarks'
 * JSON, "not measured yet" where a benchmark or a workload did not run, and only between the markers.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { END_MARKER, NOT_MEASURED, renderPerformanceTable, replaceMarkedBlock, START_MARKER, type EngineReport, type LoadReport } from '../../../scripts/performance-table';

const ROOT = resolve(import.meta.dirname, '../../..');
const spread = (median: number, worst: number) => ({ median, worst });

/** An engine report for L alone, in the shape `npm run bench` prints. */
const engineL: EngineReport = {
  machine: { node: 'v20.0.0', cpus: 2, cpu: 'Test CPU', loadAverage1m: 0.5 },
  runs: 5,
  results: {
    L: {
      cold: { totalMs: spread(350, 400), setQuotesMs: spread(50, 60), deriveMs: spread(60, 70), peakRssMB: spread(130, 131) },
      warm: {
        pipelineMs: spread(38.2, 42),
        deriveAllTickersMs: spread(8.1, 10.6),
        deriveUnchangedMs: spread(2.1, 2.2),
        recombineMs: spread(1.36, 2.54),
        recombineMajorGcs: spread(0, 0),
        oneTickerChangeMs: spread(5.17, 7.65),
        returnsAndHoldingsMs: spread(0.73, 0.76),
        tickersRecomputedPerChange: 1,
      },
    },
  },
};

describe('the performance table', () => {
  it('shows each measured figure as median / worst, the median in bold over its target, and the rest not measured', () => {
    const table = renderPerformanceTable(engineL, undefined);
    expect(table).toContain('| engine: re-combine after a toggle, ms | 1.36 / 2.54 | not measured yet | not measured yet | ≤ 20 (L, XL) |');
    expect(table).toContain('| engine: cold pipeline (fresh process), ms | **350** / 400 |');
    expect(table).toContain('| engine: whole pipeline, warm, ms | 38.2 / 42 |');
    expect(table).toMatch(/\| browser: longest main-thread task, load, ms \| not measured yet \| not measured yet \| not measured yet \| ≤ 50 \|/);
    expect(table).toContain('Node v20.0.0, 2 × Test CPU, load average 0.5');
    expect(table).toContain(`Browser: ${NOT_MEASURED}.`);
  });

  it('shows the server under load, and the run with an instance killed: answers by status and writes lost', () => {
    const stats = (p50Ms: number, p99Ms: number) => ({ p50Ms, p99Ms });
    const load: LoadReport = {
      machine: { cpus: 2, node: 'v20.0.0', loadAverage1m: 1.5 },
      results: [{ storage: 'sqlite', users: 50, durationS: 20, transactionsPerSet: 2000, requestsPerSecond: 410, errors: 0, get: stats(40, 90), put: stats(120, 300) }],
      instanceKilled: { users: 50, durationS: 20.5, kills: 6, requestsPerSecond: 180, p50Ms: 150, p99Ms: 2400, byStatus: { '200': 3000, '412': 20, '502': 35 }, acknowledgedWrites: 1500, acknowledgedWritesLost: 0, writesStoredTwice: 0 },
    };
    const table = renderPerformanceTable(undefined, undefined, load);
    expect(table).toContain('| sqlite, one instance, 50 users, 2,000-transaction sets, 20 s | 410 | 120 / 300 (slower of GET and PUT) | none | — |');
    expect(table).toContain('| postgres, two instances behind a round-robin proxy, one SIGKILLed and restarted 6 times, 50 users, 20.5 s | 180 | 150 / 2,400 | 412: 20, 502: 35 | 0 of 1,500 |');
    expect(table).toContain('Load: 2 CPUs, Node v20.0.0, load average 1.5');
    expect(renderPerformanceTable(undefined, undefined, { ...load, instanceKilled: { ...load.instanceKilled!, acknowledgedWritesLost: 2 } })).toContain('| **2** of 1,500 |');
    expect(renderPerformanceTable(undefined, undefined)).toContain(`Server under load: ${NOT_MEASURED}`);
  });

  it('replaces only the text between the markers, and refuses a page without them', () => {
    const page = `# Title\n\nbefore\n${START_MARKER}\nold table\n${END_MARKER}\nafter\n`;
    expect(replaceMarkedBlock(page, 'new table')).toBe(`# Title\n\nbefore\n${START_MARKER}\nnew table\n${END_MARKER}\nafter\n`);
    expect(() => replaceMarkedBlock('# no markers', 'x')).toThrow(/performance-table:start/);
  });

  it('docs/performance.md has the markers the script writes between', () => {
    const page = readFileSync(join(ROOT, 'docs/performance.md'), 'utf8');
    expect(page.indexOf(START_MARKER)).toBeGreaterThan(0);
    expect(page.indexOf(END_MARKER)).toBeGreaterThan(page.indexOf(START_MARKER));
  });
});

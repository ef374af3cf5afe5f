/**
 * The crash-safety run of `tests/hardening/tools/crash-safety.ts` (SIGKILL at random moments while writers
 * stream PUTs; after each restart every writer's set is the last acknowledged one or the one in flight,
 * and `PRAGMA integrity_check` is ok). The default run kills 5 times to stay fast; `HARDENING_KILLS=50`
 * (or the script itself, `npx tsx tests/hardening/tools/crash-safety.ts --kills 50`) runs the full series.
 */
import { describe, expect, it } from 'vitest';
import { classifyStored, runCrashSafety } from './tools/crash-safety';
import type { TransactionSet } from '#src/model/transaction';
import { recordTally } from '#helpers/hardening/tally';

const KILLS = Number(process.env.HARDENING_KILLS ?? 5);
const WRITERS = 4;

it(
  `keeps every acknowledged write through ${KILLS} SIGKILLs with ${WRITERS} writers streaming`,
  { timeout: 60_000 + KILLS * 6_000 },
  async () => {
    const report = await runCrashSafety({ kills: KILLS, writers: WRITERS, seed: `hardening-${KILLS}` });
    recordTally({
      section: 'crash safety',
      check: `SIGKILL during streamed PUTs (${report.acknowledgedWrites} acknowledged, ${report.writesInFlightAtKill} in flight at a kill, ${report.inFlightFoundStored} of those stored), restart: last acknowledged or in-flight set, integrity_check ok`,
      tried: report.kills,
      held:
        report.kills -
        new Set(report.violations.map((violation) => /^kill (\d+)/.exec(violation)?.[1] ?? violation)).size,
      kills: report.kills,
      faults: report.kills,
      writesLost: report.writesLost,
      requests: report.acknowledgedWrites + report.writesInFlightAtKill,
    });
    expect(report.violations).toEqual([]);
    expect(report.kills).toBe(KILLS);
    expect(report.integrityChecksOk).toBe(KILLS);
    expect(report.writesLost).toBe(0);
    expect(report.acknowledgedWrites, 'every round kills after a write was acknowledged').toBeGreaterThanOrEqual(KILLS);
  },
);

describe('the verdict after a restart', () => {
  const set = (value: number): TransactionSet => ({
    stock: [{ ticker: 'W0.T0', type: 'stock', date: '2020-01-02', amount: 1, value, currency: 'EUR' }],
    dividend: [],
    commission: [],
  });
  /** As the server answers: with the cash list it keeps (the writers send none). */
  const bytesOf = (s: TransactionSet) => Buffer.from(JSON.stringify({ transactions: { ...s, cash: [] } }));
  const writer = { acknowledged: { version: 7, bytes: bytesOf(set(7)) }, inFlight: set(8) };

  it('accepts the last acknowledged set, byte for byte, at its version', () => {
    expect(classifyStored(writer, { status: 200, version: 7, bytes: bytesOf(set(7)) })).toBe('acknowledged');
  });

  it('accepts the set in flight at the version one above', () => {
    expect(classifyStored(writer, { status: 200, version: 8, bytes: bytesOf(set(8)) })).toBe('in flight');
  });

  it.each([
    ['an older set: an acknowledged write lost', 6, set(6)],
    ['the acknowledged version with other bytes', 7, set(8)],
    ['the in-flight version with other content', 8, set(9)],
    ['a version two above', 9, set(8)],
  ] as const)('flags %s', (_name, version, stored) => {
    expect(classifyStored(writer, { status: 200, version, bytes: bytesOf(stored) })).toBe('neither');
  });

  it('flags a set in flight when none was', () => {
    expect(classifyStored({ ...writer, inFlight: null }, { status: 200, version: 8, bytes: bytesOf(set(8)) })).toBe(
      'neither',
    );
  });
});

/** The summary `npm run test:hardening` prints: per section what was tried and what held, then the totals. */
import { TALLY_SECTIONS, type TallyEntry } from './tally';

export interface HardeningTotals {
  checks: number;
  tried: number;
  held: number;
  requests: number;
  faults: number;
  kills: number;
  writesLost: number;
}

export function totalsOf(entries: readonly TallyEntry[]): HardeningTotals {
  const sum = (pick: (entry: TallyEntry) => number | undefined) =>
    entries.reduce((total, entry) => total + (pick(entry) ?? 0), 0);
  return {
    checks: entries.length,
    tried: sum((e) => e.tried),
    held: sum((e) => e.held),
    requests: sum((e) => e.requests),
    faults: sum((e) => e.faults),
    kills: sum((e) => e.kills),
    writesLost: sum((e) => e.writesLost),
  };
}

export function formatSummary(entries: readonly TallyEntry[]): string {
  const lines = ['', 'Hardening summary', '================='];
  for (const section of TALLY_SECTIONS) {
    const inSection = entries
      .filter((entry) => entry.section === section)
      .sort((a, b) => a.check.localeCompare(b.check));
    if (inSection.length === 0) continue;
    lines.push(`${section}:`);
    for (const entry of inSection) {
      const mark = entry.held === entry.tried && (entry.writesLost ?? 0) === 0 ? '✔' : '✖';
      lines.push(`  ${mark} ${entry.held}/${entry.tried} held · ${entry.check}`);
    }
  }
  const totals = totalsOf(entries);
  lines.push(
    '',
    `checks recorded: ${totals.checks} · cases held: ${totals.held}/${totals.tried}`,
    `requests tried: ${totals.requests} · faults injected: ${totals.faults} · kills survived: ${totals.kills} · writes lost: ${totals.writesLost}`,
    'A check that failed records nothing: its failure is reported above.',
    'In Chromium (the e2e step): npx playwright test tests/hardening/bad-input.in-the-browser.spec.ts tests/hardening/security.in-the-browser.spec.ts tests/hardening/faults.in-the-browser.spec.ts',
  );
  return lines.join('\n');
}

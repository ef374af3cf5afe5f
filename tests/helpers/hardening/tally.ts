/**
 * What each hardening check tried and what held, collected across the test files (each runs in its own
 * worker process) as JSON lines in a file the global setup hands out; its teardown prints the summary.
 *
 *   recordTally({ section: 'bad input', check: 'malformed PUT /api/transactions', tried: 312, held: 312, requests: 624 });
 */
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

export const TALLY_SECTIONS = ['bad input', 'security', 'faults', 'crash safety'] as const;
export type TallySection = (typeof TALLY_SECTIONS)[number];

export interface TallyEntry {
  section: TallySection;
  /** What was tried and what had to hold, in a few words. */
  check: string;
  /** Cases tried, and how many of them held. */
  tried: number;
  held: number;
  /** HTTP requests sent to the server under test. */
  requests?: number;
  /** Faults injected: upstream misbehaviours, locked databases, kills. */
  faults?: number;
  /** Server processes killed with SIGKILL and restarted, each checked afterwards. */
  kills?: number;
  /** Acknowledged writes not found after a restart (or partial writes found): must be 0. */
  writesLost?: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    hardeningTallyFile: string;
  }
}

export const TALLY_FILE_NAME = 'tally.jsonl';

export function recordTally(entry: TallyEntry): void {
  const file = inject('hardeningTallyFile');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

export function readTally(file: string): TallyEntry[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TallyEntry);
}

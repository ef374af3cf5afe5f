/** Issue 8's targets (2-core machine, headless Chromium, no GPU) and how the measured medians meet them. */
import type { BundleSizes } from './bundle-sizes';
import type { ImportFigures, InteractionFigures, LoadFigures } from './dashboard-session';
import type { Blocking } from './timeline';

export const TARGETS = {
  /** ms, load / toggle / import, every workload */
  longestTaskMs: 50,
  /** ms from the priced data's arrival to every chart drawn, L */
  paintAfterDataMs: 1_500,
  /** ms from the toggle to every chart drawn, L */
  toggleMs: 150,
  /** KB gzip */
  initialJsKB: 150,
  workerJsKB: 40,
  /** MB, main thread, after load, L: JS objects and the typed arrays' memory */
  jsHeapMB: 150,
} as const;

export interface WorkloadFigures {
  load: LoadFigures;
  toggleOff: InteractionFigures;
  toggleOn: InteractionFigures;
  /** From the dashboard to the Income page through the menu. */
  openIncome: Blocking;
  import: ImportFigures;
  /** The dashboard loaded again after the import, on the grown set. */
  loadAfterImport: LoadFigures;
}

export interface Verdict {
  figure: string;
  value: number;
  target: number;
  met: boolean;
}

const verdict = (figure: string, value: number, target: number): Verdict => ({ figure, value, target, met: value <= target });

/** Every target against the medians; the L-only targets are checked on L alone. */
export function verdicts(bundle: BundleSizes, workloads: Record<string, { median: WorkloadFigures }>): Verdict[] {
  const list = [verdict('initial JS, KB gzip', bundle.initialGzipKB, TARGETS.initialJsKB), verdict('worker JS, KB gzip', bundle.workerGzipKB, TARGETS.workerJsKB)];
  for (const [size, { median }] of Object.entries(workloads)) {
    list.push(
      verdict(`${size} longest task, load, ms`, median.load.longestTaskMs, TARGETS.longestTaskMs),
      verdict(`${size} longest task, toggle, ms`, Math.max(median.toggleOff.longestTaskMs, median.toggleOn.longestTaskMs), TARGETS.longestTaskMs),
      verdict(`${size} longest task, opening /income, ms`, median.openIncome.longestTaskMs, TARGETS.longestTaskMs),
      verdict(`${size} longest task, import, ms`, median.import.whole.longestTaskMs, TARGETS.longestTaskMs),
      verdict(`${size} longest task, load after the import, ms`, median.loadAfterImport.longestTaskMs, TARGETS.longestTaskMs),
    );
    if (size === 'L') {
      list.push(
        verdict('L charts painted after the data arrived, ms', median.load.paintAfterDataMs, TARGETS.paintAfterDataMs),
        verdict('L re-render after a toggle, ms', Math.max(median.toggleOff.doneMs, median.toggleOn.doneMs), TARGETS.toggleMs),
        verdict('L JS heap and array buffers after load, MB', median.load.memory.jsHeapMB + median.load.memory.arrayBuffersMB, TARGETS.jsHeapMB),
      );
    }
  }
  return list;
}

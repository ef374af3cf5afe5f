/** Issue 8's and issue 35's targets (2-core machine, headless Chromium, no GPU) and how the measured medians meet them. */
import type { BundleSizes } from './bundle-sizes';
import type { ImportFigures, InteractionFigures, LoadFigures, ScrollFigures } from './dashboard-session';
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
  /** ms from navigation to the priced data on the main thread: a first visit (nothing held), a second one */
  dataArrivedFirstMs: { L: 700, XL: 1_500 },
  dataArrivedSecondMs: { L: 400, XL: 800 },
  /** bytes of the API's answers over the wire in a first visit's load */
  bytesFirstLoad: { L: 1_500_000, XL: 6_000_000 },
  /** a second visit's bytes in % of the first's, every workload */
  bytesSecondPercent: 5,
} as const;

type SizeTargets = Partial<Record<string, number>>;

export interface WorkloadFigures {
  /** A first visit: nothing held in IndexedDB. */
  load: LoadFigures;
  /** A second visit of the same user: the quotes the first stored are held. */
  secondLoad: LoadFigures;
  bytesFirstLoad: number;
  bytesSecondLoad: number;
  /** `bytesSecondLoad` in % of `bytesFirstLoad`, in the same run. */
  bytesSecondPercent: number;
  dataArrivedFirstMs: number;
  dataArrivedSecondMs: number;
  chartsPaintedFirstMs: number;
  chartsPaintedSecondMs: number;
  toggleOff: InteractionFigures;
  toggleOn: InteractionFigures;
  /** From the top of the dashboard to its end, every chart drawn on the way. */
  scrollThrough: ScrollFigures;
  /** From the dashboard to the Income page through the menu. */
  openIncome: Blocking;
  import: ImportFigures;
  /** Opening /transactions from the dashboard. */
  openTransactions: Blocking;
  /** The dashboard loaded again after the import, on the grown set. */
  loadAfterImport: LoadFigures;
}

export interface Verdict {
  figure: string;
  /** The median of the runs. */
  value: number;
  /** The worst run (undefined for the bundle sizes, which do not vary). */
  worst?: number;
  target: number;
  met: boolean;
  worstMet?: boolean;
}

const verdict = (figure: string, value: number, target: number, worst?: number): Verdict => ({
  figure,
  value,
  ...(worst === undefined ? {} : { worst }),
  target,
  met: value <= target,
  ...(worst === undefined ? {} : { worstMet: worst <= target }),
});

/** Every target against the medians and the worst runs; the L-only targets are checked on L alone. */
export function verdicts(
  bundle: BundleSizes,
  workloads: Record<string, { median: WorkloadFigures; worst: WorkloadFigures }>,
): Verdict[] {
  const list = [
    verdict('initial JS, KB gzip', bundle.initialGzipKB, TARGETS.initialJsKB),
    verdict('worker JS, KB gzip', bundle.workerGzipKB, TARGETS.workerJsKB),
  ];
  for (const [size, { median, worst }] of Object.entries(workloads)) {
    const both = (figure: string, read: (figures: WorkloadFigures) => number, target: number) =>
      verdict(`${size} ${figure}`, read(median), target, read(worst));
    list.push(
      both('longest task, load, ms', (f) => f.load.longestTaskMs, TARGETS.longestTaskMs),
      both(
        'longest task, toggle, ms',
        (f) => Math.max(f.toggleOff.longestTaskMs, f.toggleOn.longestTaskMs),
        TARGETS.longestTaskMs,
      ),
      both(
        'longest task, scrolling through every chart, ms',
        (f) => f.scrollThrough.longestTaskMs,
        TARGETS.longestTaskMs,
      ),
      both('longest task, opening /transactions, ms', (f) => f.openTransactions.longestTaskMs, TARGETS.longestTaskMs),
      both('longest task, opening /income, ms', (f) => f.openIncome.longestTaskMs, TARGETS.longestTaskMs),
      both('longest task, import, ms', (f) => f.import.whole.longestTaskMs, TARGETS.longestTaskMs),
      both('longest task, load after the import, ms', (f) => f.loadAfterImport.longestTaskMs, TARGETS.longestTaskMs),
    );
    const sized = (figure: string, read: (figures: WorkloadFigures) => number, targets: SizeTargets) => {
      const target = targets[size];
      if (target !== undefined) list.push(both(figure, read, target));
    };
    sized('data arrived, first visit, ms', (f) => f.dataArrivedFirstMs, TARGETS.dataArrivedFirstMs);
    sized('data arrived, second visit, ms', (f) => f.dataArrivedSecondMs, TARGETS.dataArrivedSecondMs);
    sized('API bytes, first visit', (f) => f.bytesFirstLoad, TARGETS.bytesFirstLoad);
    list.push(both('API bytes, second visit, % of the first', (f) => f.bytesSecondPercent, TARGETS.bytesSecondPercent));
    if (size === 'L') {
      list.push(
        both('charts painted after the data arrived, ms', (f) => f.load.paintAfterDataMs, TARGETS.paintAfterDataMs),
        both('re-render after a toggle, ms', (f) => Math.max(f.toggleOff.doneMs, f.toggleOn.doneMs), TARGETS.toggleMs),
        both(
          'JS heap and array buffers after load, MB',
          (f) => f.load.memory.jsHeapMB + f.load.memory.arrayBuffersMB,
          TARGETS.jsHeapMB,
        ),
      );
    }
  }
  return list;
}

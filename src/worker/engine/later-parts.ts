/**
 * The engine's code that the worker loads later, out of its first chunk (engine `use`); Node's engine has
 * every part from the start (engine/index.ts). Types only: nothing here is bundled.
 */
import type * as accountMathModule from './account-math';
import type * as benchmarkModule from './benchmark';
import type * as onDemandModule from './on-demand';
import type { KeptParts } from './ticker-state';
import type { SetEdits } from './view-transactions';

/** The account figures' code (account-math.ts): loaded only for a view that holds cash. */
export type AccountMath = typeof accountMathModule;

export interface LaterParts {
  /** The account figures (account-math.ts): `derive` needs them for a view that holds cash. */
  accountMath?: AccountMath;
  /** The benchmark's figures (benchmark.ts): `derive` needs them once a benchmark is chosen. */
  benchmark?: typeof benchmarkModule;
  /** A set taken as an edit of the one before (set-edits.ts); without it, each set is grouped again. */
  setEdits?: SetEdits;
  /** What a base change keeps (kept-parts.ts); without it, every part is made afresh, to the same bits. */
  keptParts?: KeptParts;
  /** A holding's series and the dividend records (on-demand.ts): loaded with a page's first ask for them. */
  onDemand?: typeof onDemandModule;
}

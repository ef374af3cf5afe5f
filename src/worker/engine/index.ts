/**
 * The portfolio engine's public face for Node (the CLI, tests, benches): the engine with every part the
 * worker loads later (later-parts.ts) from the start, and the types it hands out. The worker builds its
 * engine from portfolio-engine.ts and loads account-math.ts when a view first holds cash, benchmark.ts once
 * a benchmark is chosen, set-edits.ts with the first change, kept-parts.ts after the first derive and
 * on-demand.ts with a page's first ask for a holding's series or the tax report.
 */
import * as accountMath from './account-math';
import * as benchmark from './benchmark';
import * as setEdits from './set-edits';
import * as keptParts from './kept-parts';
import * as onDemand from './on-demand';
import { PortfolioEngine as EngineWithoutLaterParts, type EngineOptions } from './portfolio-engine';

export type * from './types';
export type { AccountMath, EngineOptions } from './portfolio-engine';
export type { DeriveStep } from './derive-parts';

/** The engine, every part the worker loads later included. */
export class PortfolioEngine extends EngineWithoutLaterParts {
  constructor(options: EngineOptions = {}) {
    super({ accountMath, benchmark, setEdits, keptParts, onDemand, ...options });
  }
}

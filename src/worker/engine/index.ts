/**
 * The portfolio engine's public face for Node (the CLI, tests, benches): the engine with its account
 * figures' code and its edits' code from the start, and the types it hands out. The worker builds its
 * engine from portfolio-engine.ts, loads account-math.ts when a view first holds cash, set-edits.ts
 * with the first change and kept-parts.ts after the first derive.
 */
import * as accountMath from './account-math';
import * as setEdits from './set-edits';
import * as keptParts from './kept-parts';
import { PortfolioEngine as EngineWithoutAccountMath, type EngineOptions } from './portfolio-engine';

export type * from './types';
export type { AccountMath, EngineOptions } from './portfolio-engine';
export type { DeriveStep } from './derive-parts';

/** The engine, the account figures', the edits' and the kept parts' code included. */
export class PortfolioEngine extends EngineWithoutAccountMath {
  constructor(options: EngineOptions = {}) {
    super({ accountMath, ...options });
    this.useSetEdits(setEdits);
    this.useKeptParts(keptParts);
  }
}

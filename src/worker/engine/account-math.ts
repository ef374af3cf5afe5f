/**
 * The account figures' code (SEMANTICS.md, "Cash"): the cash on the grid, the return on deposits and
 * the account fees in the summary. Only a view that holds cash needs it, so the worker loads this
 * module the first time one does (`import()` in intents/prices.ts) and its first chunk stays without
 * it; Node (the CLI, tests, benches) has it from the start (engine/index.ts).
 */
export { accountOfView } from './account-returns';
export { chargeFees } from './account-fees';

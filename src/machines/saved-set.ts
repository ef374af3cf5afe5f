/**
 * The steps every machine that changes the set shares: hand a stored set's view to the portfolio, ask it
 * to reload, tell a conflict. By event to the portfolio's system id, never by reading its snapshot.
 */
import type { AnyActorRef } from 'xstate';
import { CONFLICT_STATUS, type Outcome } from '../model/outcome';
import type { SetView } from './services/worker-client';

/** What the portfolio hears from the machines that change the set. */
export type SavedSetEvent = { type: 'portfolio.saved'; view: SetView } | { type: 'portfolio.reload' };

interface SystemArgs {
  system: { get: (id: string) => AnyActorRef | undefined };
}

/** The portfolio takes the set the worker stored (it derives from it already). */
export function publishSaved({ system }: SystemArgs, view: SetView | null): void {
  if (view) system.get('portfolio')?.send({ type: 'portfolio.saved', view } satisfies SavedSetEvent);
}

/** The portfolio loads the newest set (after a conflict). */
export function reloadPortfolio({ system }: SystemArgs): void {
  system.get('portfolio')?.send({ type: 'portfolio.reload' } satisfies SavedSetEvent);
}

/** The server refused the save: it holds a newer set than the one the change was applied to. */
export const isConflict = (_: unknown, params: { outcome: Outcome<object> }): boolean => !params.outcome.ok && params.outcome.status === CONFLICT_STATUS;

/** The worker or the server refused the intent (a conflict included). */
export const isRefused = (_: unknown, params: { outcome: Outcome<object> }): boolean => !params.outcome.ok;

/** The refusal's message; '' for a success (guards make sure it is not read then). */
export const refusalMessage = (outcome: Outcome<object>): string => (outcome.ok ? '' : outcome.message);

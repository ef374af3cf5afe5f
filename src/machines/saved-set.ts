/**
 * The steps every machine that changes the set shares: hand a stored set's view to the portfolio, ask it
 * to reload, tell a conflict, and the transitions out of a save (`saveOutcome`). By event to the
 * portfolio's system id, never by reading its snapshot.
 */
import type { AnyActorRef } from 'xstate';
import { messageOf } from '../model/message';
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
export const isConflict = (_: unknown, params: { outcome: Outcome<object> }): boolean =>
  !params.outcome.ok && params.outcome.status === CONFLICT_STATUS;

/** The worker or the server refused the intent (a conflict included). */
export const isRefused = (_: unknown, params: { outcome: Outcome<object> }): boolean => !params.outcome.ok;

/** The refusal's message; '' for a success (guards make sure it is not read then). */
export const refusalMessage = (outcome: Outcome<object>): string => (outcome.ok ? '' : outcome.message);

/** The params of a saving machine's `showError` action: what to show, and whether it follows a conflict. */
export interface SaveError {
  error: string;
  conflict: boolean;
}

type SaveDone<TStored extends object> = { event: { output: Outcome<TStored> } };
type SaveFailed = { event: { error: unknown } };

/**
 * The `onDone` and `onError` of a save's invoke, the same in every machine that stores the set:
 * - a conflict (the server holds a newer set): the portfolio reloads, `showError` with `conflict` true,
 *   back to `back` (the user can try again on the newest set);
 * - a refusal, or a save that threw: `showError` with `refused`'s or `failed`'s words, back to `back`;
 * - stored: the portfolio takes the stored set's view (`publishSaved`), `keepStored` gets the result, on
 *   to `stored`.
 * The machine names the actions `reloadPortfolio`, `publishSaved`, `showError` (params {@link SaveError})
 * and `keepStored` (params: the stored result, null only if the guards above were bypassed), and the
 * guards `isConflict` and `isRefused`.
 */
export function saveOutcome<TStored extends object>(spec: {
  back: string;
  stored: string;
  conflict: string;
  refused: (message: string) => string;
  failed: (message: string) => string;
  view: (stored: TStored) => SetView | null;
}) {
  return {
    onDone: [
      {
        guard: { type: 'isConflict', params: ({ event }: SaveDone<TStored>) => ({ outcome: event.output }) },
        target: spec.back,
        actions: [
          'reloadPortfolio',
          { type: 'showError', params: (): SaveError => ({ error: spec.conflict, conflict: true }) },
        ],
      },
      {
        guard: { type: 'isRefused', params: ({ event }: SaveDone<TStored>) => ({ outcome: event.output }) },
        target: spec.back,
        actions: {
          type: 'showError',
          params: ({ event }: SaveDone<TStored>): SaveError => ({
            error: spec.refused(refusalMessage(event.output)),
            conflict: false,
          }),
        },
      },
      {
        target: spec.stored,
        actions: [
          {
            type: 'publishSaved',
            params: ({ event }: SaveDone<TStored>) => (event.output.ok ? spec.view(event.output) : null),
          },
          { type: 'keepStored', params: ({ event }: SaveDone<TStored>) => (event.output.ok ? event.output : null) },
        ],
      },
    ],
    onError: {
      target: spec.back,
      actions: {
        type: 'showError',
        params: ({ event }: SaveFailed): SaveError => ({ error: spec.failed(messageOf(event.error)), conflict: false }),
      },
    },
  } as const;
}

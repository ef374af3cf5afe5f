/** The session's end: everything the worker holds for the user is forgotten. */
import { DashboardCharts } from '../dashboard-charts';
import { PortfolioEngine } from '../engine/portfolio-engine';
import { FigureInputs } from '../held-quotes/figures';
import type { WorkerContext } from './context';

export function sessionIntents(context: WorkerContext) {
  return {
    /**
     * A tab that may be signed in, before its session is checked: what the last visit held for the user
     * `idToken` names is read meanwhile, for the load (held-quotes/holding.ts). Nothing is sent.
     */
    warm(idToken: string): void {
      context.heldQuotes.warm(idToken);
    },
    /** Forgets everything of the session: the set, its version, the quotes (those in IndexedDB too) and figures, a parsed file. */
    async signOut(): Promise<void> {
      context.importSession?.reset();
      context.restoreSession?.discard();
      context.mappedSession?.discard();
      context.owedDerive = null;
      context.engine = new PortfolioEngine();
      context.charts = new DashboardCharts();
      context.figureInputs = new FigureInputs();
      context.symbolChoices = {};
      context.store.clear();
      await context.heldQuotes.forget();
    },
  };
}

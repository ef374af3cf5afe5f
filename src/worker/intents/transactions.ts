/**
 * The transaction set's load. Its change (transaction-changes.ts) and the transactions page's query are
 * in changes.ts, fetched by the first call of either (intents/lazy-domains.ts): the first figures need neither.
 */
import type { Outcome } from '../../model/outcome';
import type { Credentials } from '../services/http';
import { fetchSymbolChoices } from '../services/symbol-choices-api';
import { counted, portfolioView, withView, type WorkerContext } from './context';
import type { PortfolioView } from './contract';

export function transactionIntents(context: WorkerContext) {
  const { store } = context;
  return {
    /** Loads the user's set from the transactions service: at sign-in, on reload, after a conflict. */
    async load(credentials: Credentials): Promise<Outcome<PortfolioView>> {
      // The user's symbol choices come along: the search finds a transaction by its product's ISIN. Without
      // them (the service did not answer) it still finds it by ticker.
      const [held, choices] = await Promise.all([
        counted(context, store.load(credentials)),
        fetchSymbolChoices(credentials).catch(() => null),
      ]);
      if (choices) context.symbolChoices = choices;
      return withView(held.ok ? { ...portfolioView(context, held), ok: true } : held, (view) => view);
    },
  };
}

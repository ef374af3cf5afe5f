/**
 * The transaction set's change (transaction-changes.ts) and the transactions page's query over it: in a
 * chunk of their own, fetched by the first call of either (intents/lazy-domains.ts).
 */
import * as Comlink from 'comlink';
import { messageOf } from '../../model/message';
import { refusal, type Outcome } from '../../model/outcome';
import { isValidIsin } from '../../model/symbols';
import type { TransactionMatches, TransactionQuery } from '../../model/transaction-query';
import { HttpError, type Credentials } from '../services/http';
import type { TransactionChange } from '../transaction-changes';
import { withChoices } from './choices';
import { portfolioView, withView, type WorkerContext } from './context';
import type { PortfolioView } from './contract';

export function changeIntents(context: WorkerContext) {
  const { store } = context;
  return {
    /** Adds, edits, deletes, deletes all, renames a ticker (transaction-changes.ts), and stores the set from here. */
    async change(change: TransactionChange, credentials: Credentials): Promise<Outcome<PortfolioView>> {
      // A symbol picked for an ISIN placeholder is the user's choice for that ISIN: kept first, so the next
      // import proposes it; when it cannot be kept, nothing is renamed.
      if (change.kind === 'renameTicker' && isValidIsin(change.from)) {
        const choice = { isin: change.from, symbol: change.to };
        try {
          // Loaded by the first such rename: the dashboard's load never saves a choice.
          const { saveSymbolChoices } = await import('../services/symbols-api');
          await saveSymbolChoices(credentials, [choice]);
        } catch (error) {
          return refusal(
            error instanceof HttpError ? error.status : 0,
            `The symbol was not kept, nothing was renamed: ${messageOf(error)}`,
          );
        }
        context.symbolChoices = withChoices(context.symbolChoices, [choice]);
      }
      // An edit's set is taken as one (engine/set-edits.ts): its code is loaded by the first change.
      context.engine.use({ setEdits: await import('../engine/set-edits') });
      const held = await store.change(change, credentials);
      return withView(held.ok ? { ...portfolioView(context, held), ok: true } : held, (view) => view);
    },

    /** The transactions page's search, filters and order over the held set: the matching ids, transferred. */
    async queryTransactions(query: TransactionQuery): Promise<TransactionMatches> {
      const matches = await store.query(query, context.symbolChoices);
      return Comlink.transfer(matches, [matches.ids.buffer as ArrayBuffer]);
    },
  };
}

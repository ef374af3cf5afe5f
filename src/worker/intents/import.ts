/**
 * The import of a DEGIRO statement: parse it (cancellable, only the newest lands), look its products'
 * symbols up, check a typed symbol, confirm it into the held set. The parse itself lives in
 * import-session.ts and import/.
 */
import type { TransactionSet } from '../../model';
import { messageOf } from '../../model/message';
import { refusal, type Outcome } from '../../model/outcome';
import type { SymbolChoice, SymbolResolution } from '../../model/symbols';
import type { ImportMerge, ImportProgress, ImportSession } from '../import-session';
import type { ImportTarget } from '../import/target';
import { NOT_DEGIRO_STATEMENT, OTHER_DEGIRO_FILE, type Reconciliation } from '../import/types';
import type { Credentials } from '../services/http';
import { resolveSymbols, saveSymbolChoices } from '../services/symbols-api';
import type { SymbolCheck } from '../symbol-check';
import { withChoices } from './choices';
import { portfolioView, withView, type WorkerContext } from './context';
import type { ImportSaved, LookedUp, ParsedFile } from './contract';
import { refusing } from './refuse';

/** A DEGIRO parse refused the file for its header: it may be another broker's CSV, which the user can map. */
const isOtherCsv = (error: string | null): boolean =>
  error !== null && (error.startsWith(NOT_DEGIRO_STATEMENT) || error.startsWith(OTHER_DEGIRO_FILE));

const OVERTAKEN = 'The parse was cancelled or overtaken by a newer one.';
/** The import session's own words for a confirmation without a parse. */
const NOTHING_PARSED = 'There is no parsed file to import; choose the file again.';

export function importIntents(context: WorkerContext) {
  const { store } = context;
  /** The import session, its code fetched by the first parse (the first figures need none of it). */
  let loading: Promise<ImportSession> | null = null;
  const session = (): Promise<ImportSession> =>
    (loading ??= context.importSession
      ? Promise.resolve(context.importSession)
      : import('../import-session').then(({ ImportSession }) => (context.importSession ??= new ImportSession())));
  return {
    /**
     * Parses a DEGIRO account statement, streaming it; `onProgress` is a Comlink proxy. A newer parse or
     * `cancelImport(parseId)` stops this one: its answer is then a refusal, and only the newest lands.
     */
    async parseImport(
      parseId: number,
      file: Blob,
      onProgress: (progress: ImportProgress) => void,
    ): Promise<Outcome<ParsedFile>> {
      return refusing(async () => {
        const preview = await (await session()).parse(parseId, file, () => store.current(), onProgress);
        return preview ? { ok: true, parseId, preview, otherCsv: isOtherCsv(preview.error) } : refusal(0, OVERTAKEN);
      });
    },
    cancelImport(parseId: number): void {
      // After the parse's own wait for the session (promise reactions run in order): it is then the one running.
      void loading?.then((running) => running.cancel(parseId));
    },
    /**
     * Asks the symbols service for the listings of parse `parseId`'s products (the user's saved choices,
     * the lookup, the table) and previews again with them. A failed lookup never stops the import: the
     * answer is then the preview as it was, with the reason in `message`.
     */
    async lookUpImportSymbols(parseId: number, credentials: Credentials): Promise<Outcome<LookedUp>> {
      const importSession = context.importSession;
      const products = importSession?.productsToLookUp(parseId);
      if (!importSession || !products) return refusal(0, OVERTAKEN);
      let resolutions: SymbolResolution[] = [];
      let message: string | null = null;
      if (products.length > 0) {
        try {
          resolutions = await resolveSymbols(credentials, products);
          const failed = resolutions.filter((resolution) => resolution.problem);
          if (failed.length > 0) {
            message = `The symbol search did not answer for ${failed.length} of ${products.length} products (${failed[0]!.problem}). Those without a symbol are imported under their ISIN, without a price source; pick a symbol for them now or later on the Holdings page.`;
          }
        } catch (error) {
          message = `The symbol lookup failed (${messageOf(error)}). Products without a symbol are imported under their ISIN, without a price source; pick a symbol for them now or later on the Holdings page.`;
        }
      }
      const preview = await importSession.applyLookup(parseId, resolutions, store.current());
      return preview ? { ok: true, parseId, preview, message } : refusal(0, OVERTAKEN);
    },
    /** Whether the quotes service has prices for a symbol the user typed, in words. */
    async checkSymbol(symbol: string, credentials: Credentials): Promise<SymbolCheck> {
      try {
        const check = await import('../symbol-check');
        return await check.checkSymbol(symbol, credentials);
      } catch (error) {
        // The check's code could not be loaded: said as its own failures are.
        return {
          symbol: symbol.trim(),
          hasPrices: false,
          message: `${symbol.trim()} could not be checked: ${messageOf(error)}`,
        };
      }
    },
    /**
     * Adds the parsed file's new transactions (cash too) to the held set with the tickers the user chose,
     * in the `target` account (an existing one, or a new one by name; absent: the set's first), and stores it.
     */
    async confirmImport(
      tickers: Record<string, string>,
      credentials: Credentials,
      target?: ImportTarget,
    ): Promise<Outcome<ImportSaved>> {
      const outcome = await refusing(async (): Promise<Outcome<ImportSaved>> => {
        let choices: SymbolChoice[] = [];
        let reconciliation: Reconciliation[] = [];
        let account: string | null = null;
        const [{ resolveTarget }, { newAccountId }] = await Promise.all([
          import('../import/target'),
          import('../account-ids'),
        ]);
        const stored = await store.replace(async (set: TransactionSet, accounts) => {
          // Resolved in turn, against the accounts held now: one deleted meanwhile stops the import, storing nothing.
          const resolved = resolveTarget(target, accounts, () => newAccountId(accounts));
          account = resolved.account ?? null;
          const importSession = context.importSession;
          if (!importSession) throw new Error(NOTHING_PARSED);
          const merge = await importSession.merge(set, tickers, resolved.account);
          const { merged, added, alreadyPresent, converted, renamed, taxFilled } = merge;
          choices = merge.choices;
          reconciliation = merge.reconciliation;
          // A re-import that only completes stored transactions (their conversion to EUR, their tax) is saved too.
          // Renamed: stored trades take the ids both DEGIRO files share, so that a Transactions.csv adds nothing twice.
          const changed = added > 0 || converted > 0 || renamed > 0 || taxFilled > 0;
          const extra = { added, alreadyPresent, taxFilled } satisfies Omit<
            ImportMerge,
            'unresolvedProducts' | 'converted'
          >;
          return {
            set: changed ? merged : null,
            extra,
            ...(changed && resolved.accounts ? { accounts: resolved.accounts } : {}),
          };
        }, credentials);
        if (!stored.ok) return stored;
        // The import is stored; its symbols are kept for the next import and other devices.
        let choicesProblem: string | null = null;
        await saveSymbolChoices(credentials, choices).then(
          () => {
            context.symbolChoices = withChoices(context.symbolChoices, choices);
          },
          (error: unknown) => {
            choicesProblem = `The symbols were not kept for your next import: ${messageOf(error)}`;
          },
        );
        const view = stored.view && portfolioView(context, stored.view);
        return {
          ok: true,
          added: stored.added,
          alreadyPresent: stored.alreadyPresent,
          taxFilled: stored.taxFilled,
          view,
          choicesProblem,
          reconciliation,
          account,
        };
      });
      if (outcome.ok) context.importSession?.discard();
      return withView(outcome, (saved) => saved.view);
    },
  };
}

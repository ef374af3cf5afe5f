/**
 * Your data: the export (CSV or the JSON backup), a restore previewed then confirmed (merged or replacing),
 * and the account's deletion. The readers and writers live in your-data.ts and backup/, loaded on first use.
 */
import type { TransactionSet } from '../../model';
import { refusal, type Outcome } from '../../model/outcome';
import { DEFAULT_SETTINGS } from '../../model/settings';
import { isValidIsin, type SymbolChoice } from '../../model/symbols';
import type { Credentials } from '../services/http';
import { fetchSettings, saveSettings as writeSettings } from '../services/settings-api';
import { fetchSymbolChoices, saveSymbolChoices } from '../services/symbols-api';
import type { ExportedFile, ExportFormat, RestoreMode, RestorePreview } from '../your-data';
import { toBackupSettings, type BackupSettings } from '../backup/backup-json';
import { withChoices } from './choices';
import { portfolioView, withView, type WorkerContext } from './context';
import type { RestoreDone } from './contract';
import { applySettings } from './settings';
import { refusing } from './refuse';

/** The writes that turn the stored choices `before` into `after` (ISIN → symbol; keys that are not ISINs are left out). */
function changedChoices(before: Record<string, string>, after: Record<string, string>): SymbolChoice[] {
  const changes: SymbolChoice[] = [];
  for (const [isin, symbol] of Object.entries(after))
    if (isValidIsin(isin) && before[isin] !== symbol) changes.push({ isin, symbol });
  for (const isin of Object.keys(before)) if (!Object.hasOwn(after, isin)) changes.push({ isin, symbol: null });
  return changes;
}

export function yourDataIntents(context: WorkerContext) {
  const { store } = context;
  return {
    /**
     * Builds the export file of the held set here (CSV, or the JSON backup with the server's symbol choices,
     * settings and remembered column mappings). The CSV holds one account's view (`account`, its id) or all
     * (null, absent); the backup always holds every account, so that restoring it never drops one.
     */
    async exportFile(
      format: ExportFormat,
      exportedAt: string,
      credentials: Credentials,
      requested: string | null = null,
    ): Promise<Outcome<ExportedFile>> {
      return refusing(async () => {
        const backup = format === 'json';
        const account = backup ? null : requested;
        const [settings, symbolChoices, csvMappings, { buildExport }] = await Promise.all([
          backup ? fetchSettings(credentials) : DEFAULT_SETTINGS,
          fetchSymbolChoices(credentials),
          backup
            ? import('../services/csv-mappings-api').then(({ fetchAllCsvMappings }) => fetchAllCsvMappings(credentials))
            : [],
          import('../your-data'),
        ]);
        const view = { accounts: store.currentAccounts(), account };
        if (account !== null && !view.accounts.some((a) => a.id === account))
          return refusal(0, 'That account is no longer there; choose the view again.');
        return {
          ok: true,
          ...(await buildExport(format, store.current(), { symbolChoices, settings, csvMappings }, exportedAt, view)),
        };
      });
    },
    /** Reads a backup or our CSV whole and previews merge and replace against the held set; the file stays here. */
    async previewRestore(file: File, credentials: Credentials): Promise<Outcome<{ preview: RestorePreview }>> {
      return refusing(async () => {
        const [settings, choices, csvMappings, { RestoreSession }] = await Promise.all([
          fetchSettings(credentials),
          fetchSymbolChoices(credentials),
          import('../services/csv-mappings-api').then(({ fetchAllCsvMappings }) => fetchAllCsvMappings(credentials)),
          import('../your-data'),
        ]);
        context.restoreSession ??= new RestoreSession();
        const current = {
          transactions: store.current(),
          symbolChoices: choices,
          settings: toBackupSettings(settings),
          csvMappings,
          accounts: store.currentAccounts(),
        };
        const previewed = await context.restoreSession.preview(file, current);
        return previewed.ok ? previewed : refusal(0, previewed.message);
      });
    },
    /**
     * Restores the file read last, merged into or replacing the held set, stored against the held version
     * (a set changed elsewhere meanwhile is refused, never overwritten); then the settings, the symbol
     * choices (those of ISINs; replacing forgets the others) and the column mappings it brings (the
     * server merges or replaces them: PUT /api/csv-mappings/all). Answers the stored set's view.
     */
    async confirmRestore(mode: RestoreMode, credentials: Credentials): Promise<Outcome<RestoreDone>> {
      const outcome = await refusing(async (): Promise<Outcome<RestoreDone>> => {
        const [settings, storedChoices, { RestoreSession }] = await Promise.all([
          fetchSettings(credentials),
          fetchSymbolChoices(credentials),
          import('../your-data'),
        ]);
        // Without a preview first there is nothing read: the session says so.
        const session = (context.restoreSession ??= new RestoreSession());
        const currentSettings = toBackupSettings(settings);
        let restoredSettings: BackupSettings = currentSettings;
        let choices = storedChoices;
        const stored = await store.replace(async (set: TransactionSet, accounts) => {
          // The mappings are the server's to merge or replace (below); none here.
          const applied = await session.apply(
            { transactions: set, symbolChoices: storedChoices, settings: currentSettings, csvMappings: [], accounts },
            mode,
          );
          restoredSettings = applied.settings;
          choices = applied.symbolChoices;
          return { set: applied.transactions, accounts: applied.accounts, extra: {} };
        }, credentials);
        if (!stored.ok) return stored;
        const benchmark = restoredSettings.benchmark ?? null;
        const baseCurrency = restoredSettings.baseCurrency ?? 'EUR';
        // New settings: the engine takes them now, and the page reloads the portfolio to read them.
        const settingsChanged = benchmark !== settings.benchmark || baseCurrency !== settings.baseCurrency;
        if (settingsChanged) applySettings(context, await writeSettings(credentials, { benchmark, baseCurrency }));
        const changes = changedChoices(storedChoices, choices);
        await saveSymbolChoices(credentials, changes);
        context.symbolChoices = withChoices(storedChoices, changes);
        const csvMappings = session.csvMappings();
        if (csvMappings !== null) {
          const { restoreCsvMappings } = await import('../services/csv-mappings-api');
          await restoreCsvMappings(credentials, mode, csvMappings);
        }
        return { ok: true, view: stored.view && portfolioView(context, stored.view), settingsChanged };
      });
      if (outcome.ok) context.restoreSession?.discard();
      return withView(outcome, (saved) => saved.view);
    },
    discardRestore(): void {
      context.restoreSession?.discard();
    },
    /** Deletes the account and everything of it on the server, and the quotes this browser held for it; the page signs out after. */
    async deleteAccount(username: string, credentials: Credentials): Promise<Outcome<object>> {
      return refusing(async () => {
        const account = await import('../services/account-api');
        await account.deleteAccount(credentials, username);
        await context.heldQuotes.forget();
        return { ok: true };
      });
    },
  };
}

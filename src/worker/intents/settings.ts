/** The user's settings: read and saved on the server; the engine compares with their benchmark, in their base currency. */
import type { Outcome } from '../../model/outcome';
import type { UserSettings } from '../../model/settings';
import type { Credentials } from '../services/http';
import { fetchSettings, saveSettings as writeSettings } from '../services/settings-api';
import { counted, symbolsNeeded, type WorkerContext } from './context';
import type { SettingsView } from './contract';
import { refusing } from './refuse';
import { DEFAULT_BASE_CURRENCY } from '../engine/currency';

/**
 * The engine takes the benchmark and the base currency: EUR when the settings name none, or one not shaped
 * like a code (settingsFrom read it by shape; the server checks the code itself, so the list of every code
 * stays out of the first chunk).
 */
export function applySettings(context: WorkerContext, settings: UserSettings): void {
  context.engine.setBenchmark(settings.benchmark);
  context.figureInputs.benchmarkTaken(settings.benchmark);
  // Its figures' code (a lazy chunk) is fetched now, while the quotes are asked for: the derive takes it.
  if (settings.benchmark !== null) void import('../engine/benchmark');
  const base: unknown = settings.baseCurrency;
  context.engine.setBaseCurrency(typeof base === 'string' && /^[A-Z]{3}$/.test(base) ? base : DEFAULT_BASE_CURRENCY);
}

export function settingsIntents(context: WorkerContext) {
  return {
    /** Reads the user's settings from the server; the engine compares with their benchmark from now on. */
    async loadSettings(credentials: Credentials): Promise<Outcome<SettingsView>> {
      return counted(
        context,
        refusing(async () => {
          const settings = await fetchSettings(credentials);
          applySettings(context, settings);
          return { ok: true, settings, needed: symbolsNeeded(context) };
        }),
      );
    },
    /** Saves the settings `changes` names; on success the engine takes the new benchmark. */
    async saveSettings(changes: Partial<UserSettings>, credentials: Credentials): Promise<Outcome<SettingsView>> {
      return refusing(async () => {
        const settings = await writeSettings(credentials, changes);
        applySettings(context, settings);
        return { ok: true, settings, needed: symbolsNeeded(context) };
      });
    },
  };
}

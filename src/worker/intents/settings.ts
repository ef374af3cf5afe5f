/** The user's settings: read and saved on the server; the engine compares with their benchmark. */
import type { Outcome } from '../../model/outcome';
import type { UserSettings } from '../../model/settings';
import type { Credentials } from '../services/http';
import { fetchSettings, saveSettings as writeSettings } from '../services/settings-api';
import { symbolsNeeded, type WorkerContext } from './context';
import type { SettingsView } from './contract';
import { refusing } from './refuse';

export function settingsIntents(context: WorkerContext) {
  return {
    /** Reads the user's settings from the server; the engine compares with their benchmark from now on. */
    async loadSettings(credentials: Credentials): Promise<Outcome<SettingsView>> {
      return refusing(async () => {
        const settings = await fetchSettings(credentials);
        context.engine.setBenchmark(settings.benchmark);
        return { ok: true, settings, needed: symbolsNeeded(context) };
      });
    },
    /** Saves the settings `changes` names; on success the engine takes the new benchmark. */
    async saveSettings(changes: Partial<UserSettings>, credentials: Credentials): Promise<Outcome<SettingsView>> {
      return refusing(async () => {
        const settings = await writeSettings(credentials, changes);
        context.engine.setBenchmark(settings.benchmark);
        return { ok: true, settings, needed: symbolsNeeded(context) };
      });
    },
  };
}

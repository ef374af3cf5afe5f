/**
 * The portfolio machine's actors (portfolio-machine.ts names them in its `setup()`): each sends the worker
 * one intent and answers with its value; reading and saving the settings is the settings machine's job.
 */
import { fromPromise } from 'xstate';
import type { Outcome } from '../model/outcome';
import type { UserSettings } from '../model/settings';
import type { ChartedDerivation, ChartedSeries, PricesLoaded, Timed } from '../worker';
import { nowSeconds } from './services/clock';
import { settingsMachine, type SettingsLogic } from './settings-machine';
import { credentialsFor, getWorker, unpacked, type SetView } from './services/worker-client';

const secondsOfDay = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00Z`) / 1000;

/** What a derive asks for: the day, the checked tickers (null = all) and the view (an account's id; null = every account). */
export interface DeriveInput {
  asOf: string;
  active: string[] | null;
  view: string | null;
}

export const portfolioActors = {
  /** The worker loads the set (its JSON is read there), holds it and derives from it; the page gets its view. */
  loadTransactions: fromPromise<Outcome<SetView>, { idToken: string }>(async ({ input }) =>
    unpacked(await getWorker().load(credentialsFor(input.idToken))),
  ),
  /** The worker forgets the session: the set, its version, the quotes and figures, a parsed file. */
  forgetSession: fromPromise<void>(() => getWorker().signOut()),
  /**
   * The worker fetches and parses the quotes itself: megabytes of chart JSON never touch the main thread.
   * `symbols` null (with `firstDate` null): every symbol the set and settings being loaded need.
   */
  fetchPrices: fromPromise<PricesLoaded, { idToken: string; symbols: string[] | null; firstDate: string | null }>(
    ({ input }) =>
      getWorker().loadQuotes(
        input.symbols === null || input.firstDate === null
          ? { symbols: null, startSeconds: null, endSeconds: nowSeconds() + 86_400 }
          : {
              symbols: input.symbols,
              // A week of margin: the engine wants the last bar on or before the first transaction day.
              startSeconds: secondsOfDay(input.firstDate) - 7 * 86_400,
              endSeconds: nowSeconds() + 86_400,
            },
        credentialsFor(input.idToken),
      ),
  ),
  /** The figures of the view: the worker sets the engine's view (one account, or all) and derives. */
  derive: fromPromise<Timed<ChartedDerivation>, DeriveInput>(({ input }) =>
    getWorker().derive(input.asOf, input.active, input.view),
  ),
  combine: fromPromise<Timed<ChartedSeries>, { active: string[] }>(({ input }) => getWorker().combine(input.active)),
  /** The settings machine reads the settings (the worker hands the benchmark to the engine): its output is the Outcome. */
  loadSettings: settingsMachine as SettingsLogic<{ idToken: string }>,
  /** The settings machine saves the changes `settings.save` names: its output is the Outcome. */
  saveSettings: settingsMachine as SettingsLogic<{ idToken: string; changes: Partial<UserSettings> }>,
};

/**
 * The user's settings (the benchmark): reads them, or saves the changes it is given, through the worker, and
 * ends with the worker's answer as its output. A call that throws ends in `failed` with a refusal (status 0)
 * carrying its message, so the invoker reads one Outcome either way.
 *
 * The portfolio invokes it as `loadSettings` (in `loading`, beside the set) and as `saveSettings` (in
 * `ready.savingSettings`), by the {@link SettingsLogic} type: a test may provide a promise with the same
 * input and output under those names instead.
 */
import { assign, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import { messageOf } from '../model/message';
import { refusal, type Outcome } from '../model/outcome';
import type { UserSettings } from '../model/settings';
import type { SettingsView } from '../worker';
import { isRefused } from './saved-set';
import { credentialsFor, getWorker } from './services/worker-client';

/** What to do: read the settings, or save `changes` when they are given. */
export interface SettingsInput {
  idToken: string;
  changes?: Partial<UserSettings>;
}

interface SettingsContext {
  idToken: string;
  changes: Partial<UserSettings> | null;
  /** The worker's answer, or the refusal a failed call was turned into; null until it ends. */
  outcome: Outcome<SettingsView> | null;
}

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    input: {} as SettingsInput,
    output: {} as Outcome<SettingsView>,
  },
  actors: {
    /** The worker reads the user's settings and hands the benchmark to the engine. */
    loadSettings: fromPromise<Outcome<SettingsView>, { idToken: string }>(({ input }) =>
      getWorker().loadSettings(credentialsFor(input.idToken)),
    ),
    saveSettings: fromPromise<Outcome<SettingsView>, { idToken: string; changes: Partial<UserSettings> }>(({ input }) =>
      getWorker().saveSettings(input.changes, credentialsFor(input.idToken)),
    ),
  },
  actions: {
    /** The worker's answer, a refusal included. */
    takeOutcome: assign({ outcome: (_, outcome: Outcome<SettingsView>) => outcome }),
    /** The call threw: a refusal with its message, as if the worker had refused before asking the server. */
    failWith: assign({ outcome: (_, params: { error: unknown }) => refusal(0, messageOf(params.error)) }),
  },
  guards: {
    hasChanges: ({ context }) => context.changes !== null,
    isRefused,
  },
}).createMachine({
  id: 'settings',
  context: ({ input }) => ({ idToken: input.idToken, changes: input.changes ?? null, outcome: null }),
  initial: 'choosing',
  states: {
    choosing: {
      always: [{ guard: 'hasChanges', target: 'saving' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        src: 'loadSettings',
        input: ({ context }) => ({ idToken: context.idToken }),
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'failed',
            actions: { type: 'takeOutcome', params: ({ event }) => event.output },
          },
          { target: 'done', actions: { type: 'takeOutcome', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saving: {
      invoke: {
        src: 'saveSettings',
        input: ({ context }) => ({ idToken: context.idToken, changes: context.changes ?? {} }),
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'failed',
            actions: { type: 'takeOutcome', params: ({ event }) => event.output },
          },
          { target: 'done', actions: { type: 'takeOutcome', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Read or saved: the output is the settings the worker answered. */
    done: { type: 'final' },
    /** Refused or thrown: the output is the refusal. */
    failed: { type: 'final' },
  },
  // Both final states are entered with an outcome taken; the fallback only satisfies the type.
  output: ({ context }) => context.outcome ?? refusal(0, 'The settings were not answered.'),
});

/** What the portfolio invokes for the settings: this machine, or a promise with the same input and answer (a test's stand-in). */
export type SettingsLogic<TInput> = typeof settingsMachine | PromiseActorLogic<Outcome<SettingsView>, TInput>;

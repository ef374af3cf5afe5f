/**
 * "Your data": export the set (the worker builds the file, the page saves it), restore a backup or our
 * CSV (the worker reads it and previews merge and replace; the user chooses; the worker stores it against
 * the held version), and delete the account (after which the session signs out).
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { messageOf } from '../model/message';
import type { Outcome } from '../model/outcome';
import type { ExportedFile, ExportFormat, RestoreMode, RestorePreview } from '../worker';
import type { SessionEvent } from './auth-machine';
import { isConflict, isRefused, publishSaved, refusalMessage, reloadPortfolio } from './saved-set';
import { credentialsFor, getWorker, setViewInSlices, type SetView } from './services/worker-client';

export type YourDataEvent =
  /** `account`: the view's account (its id), or null or absent for every account. */
  | { type: 'data.export'; format: ExportFormat; account?: string | null }
  | { type: 'data.restoreFileSelected'; file: File }
  | { type: 'data.restore'; mode: RestoreMode }
  | { type: 'data.cancel' }
  | { type: 'data.dismiss' }
  | { type: 'data.deleteAccount'; username: string };

export interface YourDataContext {
  idToken: string | null;
  preview: RestorePreview | null;
  /** What the last restore or export did, in words. */
  notice: string | null;
  error: string | null;
}

export interface RestoreStored {
  view: SetView | null;
  /** The restore changed the settings (the base currency, the benchmark): the portfolio reads them again. */
  settingsChanged: boolean;
}

export const yourDataMachine = setup({
  types: {
    context: {} as YourDataContext,
    events: {} as YourDataEvent | SessionEvent,
  },
  actors: {
    exportFile: fromPromise<
      Outcome<ExportedFile>,
      { idToken: string | null; format: ExportFormat; account: string | null }
    >(({ input }) =>
      getWorker().exportFile(input.format, new Date().toISOString(), credentialsFor(input.idToken), input.account),
    ),
    previewRestore: fromPromise<Outcome<{ preview: RestorePreview }>, { idToken: string | null; file: File }>(
      ({ input }) => getWorker().previewRestore(input.file, credentialsFor(input.idToken)),
    ),
    confirmRestore: fromPromise<Outcome<RestoreStored>, { idToken: string | null; mode: RestoreMode }>(
      async ({ input }) => {
        const stored = await getWorker().confirmRestore(input.mode, credentialsFor(input.idToken));
        return stored.ok
          ? {
              ok: true,
              view: stored.view && (await setViewInSlices(stored.view)),
              settingsChanged: stored.settingsChanged,
            }
          : stored;
      },
    ),
    discardRestore: fromPromise<void>(() => getWorker().discardRestore()),
    deleteAccount: fromPromise<Outcome<object>, { idToken: string | null; username: string }>(({ input }) =>
      getWorker().deleteAccount(input.username, credentialsFor(input.idToken)),
    ),
  },
  actions: {
    /** Hands the built file to the browser as a download. */
    saveFile: (_, params: { file: ExportedFile }) => {
      const url = URL.createObjectURL(params.file.file);
      const link = Object.assign(document.createElement('a'), { href: url, download: params.file.fileName });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    publishSaved,
    reloadPortfolio,
    /** The account is gone: the session ends (the provider's session went with it). */
    signOut: ({ system }) => system.get('auth')?.send({ type: 'auth.logout' }),
    takeToken: assign({
      idToken: ({ event }) => {
        assertEvent(event, 'session.changed');
        return event.idToken;
      },
    }),
    /** A new request: what the last one said goes. */
    clearNotice: assign({ error: null, notice: null }),
    /** Another file to read: the last one's preview goes too. */
    startReading: assign({ error: null, notice: null, preview: null }),
    clearPreview: assign({ error: null, preview: null }),
    forgetPreview: assign({ preview: null }),
    failWith: assign({ error: (_, params: { error: string }) => params.error }),
    noteSaved: assign({
      notice: (_, output: Outcome<ExportedFile>) => (output.ok ? `Saved ${output.fileName}.` : null),
    }),
    keepPreview: assign({
      preview: (_, output: Outcome<{ preview: RestorePreview }>) => (output.ok ? output.preview : null),
    }),
    noteRestored: assign({
      notice: ({ context }) => `Restored ${context.preview?.fileName ?? 'the file'}.`,
      preview: null,
      error: null,
    }),
  },
  guards: {
    isConflict,
    isRefused,
    changedSettings: (_, params: { outcome: Outcome<RestoreStored> }) =>
      params.outcome.ok && params.outcome.settingsChanged,
  },
}).createMachine({
  id: 'yourData',
  context: { idToken: null, preview: null, notice: null, error: null },
  initial: 'idle',
  on: {
    'session.changed': { actions: 'takeToken' },
  },
  states: {
    idle: {
      on: {
        'data.export': { target: 'exporting', actions: 'clearNotice' },
        'data.restoreFileSelected': { target: 'reading', actions: 'startReading' },
        'data.deleteAccount': { target: 'deleting', actions: 'clearNotice' },
        'data.dismiss': { actions: 'clearNotice' },
      },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        src: 'exportFile',
        input: ({ context, event }) => {
          assertEvent(event, 'data.export');
          return { idToken: context.idToken, format: event.format, account: event.account ?? null };
        },
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: {
              type: 'failWith',
              params: ({ event }) => ({ error: `The export failed: ${refusalMessage(event.output)}` }),
            },
          },
          {
            target: 'idle',
            actions: [
              { type: 'saveFile', params: ({ event }) => ({ file: event.output as ExportedFile }) },
              { type: 'noteSaved', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: {
            type: 'failWith',
            params: ({ event }) => ({ error: `The export failed: ${messageOf(event.error)}` }),
          },
        },
      },
    },
    reading: {
      tags: ['busy'],
      invoke: {
        src: 'previewRestore',
        input: ({ context, event }) => {
          assertEvent(event, 'data.restoreFileSelected');
          return { idToken: context.idToken, file: event.file };
        },
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: { type: 'failWith', params: ({ event }) => ({ error: refusalMessage(event.output) }) },
          },
          { target: 'preview', actions: { type: 'keepPreview', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'idle',
          actions: {
            type: 'failWith',
            params: ({ event }) => ({ error: `The file could not be read: ${messageOf(event.error)}` }),
          },
        },
      },
    },
    preview: {
      on: {
        'data.restore': 'restoring',
        'data.cancel': 'discarding',
        'data.restoreFileSelected': { target: 'reading', actions: 'clearPreview' },
      },
    },
    restoring: {
      tags: ['busy'],
      invoke: {
        src: 'confirmRestore',
        input: ({ context, event }) => {
          assertEvent(event, 'data.restore');
          return { idToken: context.idToken, mode: event.mode };
        },
        onDone: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ outcome: event.output }) },
            target: 'preview',
            actions: [
              'reloadPortfolio',
              {
                type: 'failWith',
                params: {
                  error:
                    'Your transactions were changed elsewhere meanwhile and have been reloaded. Choose again to restore into the newest set.',
                },
              },
            ],
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'preview',
            actions: {
              type: 'failWith',
              params: ({ event }) => ({ error: `Nothing was restored: ${refusalMessage(event.output)}` }),
            },
          },
          // New settings came with the set: the portfolio loads both again, so every figure is in the new base.
          {
            guard: { type: 'changedSettings', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: ['reloadPortfolio', 'noteRestored'],
          },
          {
            target: 'idle',
            actions: [
              { type: 'publishSaved', params: ({ event }) => (event.output.ok ? event.output.view : null) },
              'noteRestored',
            ],
          },
        ],
        onError: {
          target: 'preview',
          actions: {
            type: 'failWith',
            params: ({ event }) => ({ error: `Nothing was restored: ${messageOf(event.error)}` }),
          },
        },
      },
    },
    discarding: {
      invoke: {
        src: 'discardRestore',
        onDone: { target: 'idle', actions: 'forgetPreview' },
        onError: { target: 'idle', actions: 'forgetPreview' },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteAccount',
        input: ({ context, event }) => {
          assertEvent(event, 'data.deleteAccount');
          return { idToken: context.idToken, username: event.username };
        },
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: {
              type: 'failWith',
              params: ({ event }) => ({ error: `The account was not deleted: ${refusalMessage(event.output)}` }),
            },
          },
          { target: 'deleted', actions: 'signOut' },
        ],
        onError: {
          target: 'idle',
          actions: {
            type: 'failWith',
            params: ({ event }) => ({ error: `The account was not deleted: ${messageOf(event.error)}` }),
          },
        },
      },
    },
    deleted: { tags: ['deleted'] },
  },
});

export type YourDataActorRef = ActorRefFrom<typeof yourDataMachine>;

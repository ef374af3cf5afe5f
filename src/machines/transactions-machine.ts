import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { isTransactionType, type ListedTransaction, type Transaction } from '../model';
import type { Account, CashTransaction, ListedCash } from '../model/cash';
import type { Outcome } from '../model/outcome';
import type { TransactionChange } from '../worker';
import { describeChange } from './describe-change';
import { isConflict, isRefused, publishSaved, reloadPortfolio, saveOutcome, type SaveError } from './saved-set';
import type { SessionEvent } from './auth-machine';
import { credentialsFor, getWorker, unpacked, type SetView } from './services/worker-client';

export type TransactionsEvent =
  | { type: 'transactions.add'; transaction: Transaction }
  /** Replaces the listed transaction with `transaction`. */
  | { type: 'transactions.edit'; listed: ListedTransaction; transaction: Transaction }
  | { type: 'transactions.delete'; transaction: ListedTransaction }
  | { type: 'transactions.deleteAll' }
  /** Every transaction of ticker `from` gets ticker `to`. */
  | { type: 'transactions.renameTicker'; from: string; to: string }
  | { type: 'transactions.addCash'; cash: CashTransaction }
  /** Replaces the listed cash transaction with `cash`. */
  | { type: 'transactions.editCash'; listed: ListedCash; cash: CashTransaction }
  | { type: 'transactions.deleteCash'; cash: ListedCash }
  | { type: 'accounts.create'; name: string }
  | { type: 'accounts.rename'; account: Account; name: string }
  /** The account and every transaction in it (the worker refuses the last account). */
  | { type: 'accounts.delete'; account: Account }
  | { type: 'transactions.retry' }
  | { type: 'transactions.dismiss' };

export interface TransactionsContext {
  idToken: string | null;
  /** The change being saved, or kept after a failure so nothing the user did is lost. */
  pending: TransactionChange | null;
  /** The pending change in words. */
  pendingText: string | null;
  error: string | null;
  /** Set when a newer version on the server refused the save; the data was reloaded. */
  conflict: boolean;
  /** How many saves succeeded; the form starts afresh when it grows. */
  saved: number;
}

const CHANGE_EVENTS = [
  'transactions.add',
  'transactions.edit',
  'transactions.delete',
  'transactions.deleteAll',
  'transactions.renameTicker',
  'transactions.addCash',
  'transactions.editCash',
  'transactions.deleteCash',
  'accounts.create',
  'accounts.rename',
  'accounts.delete',
] as const;

/** The intent an event asks for, and its words; the listed transaction an edit or a delete names stays on the page. */
function changeOf(event: TransactionsEvent | SessionEvent): {
  change: TransactionChange;
  listed: Transaction | CashTransaction | null;
  accounts?: Account[];
} {
  assertEvent(event, CHANGE_EVENTS);
  switch (event.type) {
    case 'transactions.addCash':
      return { change: { kind: 'addCash', cash: event.cash }, listed: null };
    case 'transactions.editCash':
      return { change: { kind: 'editCash', id: event.listed.id, cash: event.cash }, listed: event.listed };
    case 'transactions.deleteCash':
      return { change: { kind: 'deleteCash', id: event.cash.id }, listed: event.cash };
    case 'accounts.create':
      return { change: { kind: 'createAccount', name: event.name }, listed: null };
    case 'accounts.rename':
      return {
        change: { kind: 'renameAccount', id: event.account.id, name: event.name },
        listed: null,
        accounts: [event.account],
      };
    case 'accounts.delete':
      return { change: { kind: 'deleteAccount', id: event.account.id }, listed: null, accounts: [event.account] };
    case 'transactions.add':
      return { change: { kind: 'add', transaction: event.transaction }, listed: null };
    case 'transactions.edit':
      return { change: { kind: 'edit', id: event.listed.id, transaction: event.transaction }, listed: event.listed };
    case 'transactions.delete':
      return { change: { kind: 'delete', id: event.transaction.id }, listed: event.transaction };
    case 'transactions.deleteAll':
      return { change: { kind: 'deleteAll' }, listed: null };
    case 'transactions.renameTicker':
      return { change: { kind: 'renameTicker', from: event.from, to: event.to }, listed: null };
  }
}

/** Every change event, in `idle` and in `failed` alike, starts a save; a transaction of no known type is logged instead. */
const saveIt = { target: 'saving', actions: 'rememberChange' } as const;
const saveIfTyped = [{ guard: 'hasValidType', ...saveIt }, { actions: 'logInvalidType' }] as const;
const startSaving = {
  'transactions.add': saveIfTyped,
  'transactions.edit': saveIfTyped,
  'transactions.delete': saveIt,
  'transactions.deleteAll': saveIt,
  'transactions.renameTicker': saveIt,
  'transactions.addCash': saveIt,
  'transactions.editCash': saveIt,
  'transactions.deleteCash': saveIt,
  'accounts.create': saveIt,
  'accounts.rename': saveIt,
  'accounts.delete': saveIt,
} as const;

/** Saving: the page sends the change (an intent), the worker applies it to the set it holds and stores it. */
export const transactionsMachine = setup({
  types: {
    context: {} as TransactionsContext,
    events: {} as TransactionsEvent | SessionEvent,
  },
  actors: {
    save: fromPromise<Outcome<SetView>, { idToken: string | null; change: TransactionChange }>(async ({ input }) =>
      unpacked(await getWorker().change(input.change, credentialsFor(input.idToken))),
    ),
  },
  actions: {
    rememberChange: assign(({ event }) => {
      const { change, listed, accounts } = changeOf(event);
      return { pending: change, pendingText: describeChange(change, listed, accounts), error: null, conflict: false };
    }),
    logInvalidType: ({ event }) => {
      assertEvent(event, ['transactions.add', 'transactions.edit']);
      console.error(`Invalid type: ${String(event.transaction.type)}`);
    },
    publishSaved,
    reloadPortfolio,
    showError: assign((_, params: SaveError) => ({ error: params.error, conflict: params.conflict })),
    /** The change is stored: nothing pending, and one more save counted (the page moves focus on it). */
    keepStored: assign(({ context }, _stored: SetView | null) => ({
      pending: null,
      pendingText: null,
      error: null,
      conflict: false,
      saved: context.saved + 1,
    })),
    /** The failed change is given up: nothing pending. */
    dropPending: assign({ pending: null, pendingText: null, error: null, conflict: false }),
    takeToken: assign({
      idToken: ({ event }) => {
        assertEvent(event, 'session.changed');
        return event.idToken;
      },
    }),
  },
  guards: {
    hasValidType: ({ event }) =>
      !('transaction' in event) || event.type === 'transactions.delete' || isTransactionType(event.transaction.type),
    isConflict,
    isRefused,
  },
}).createMachine({
  id: 'transactions',
  context: { idToken: null, pending: null, pendingText: null, error: null, conflict: false, saved: 0 },
  initial: 'idle',
  on: {
    'session.changed': { actions: 'takeToken' },
  },
  states: {
    idle: {
      on: {
        ...startSaving,
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'save',
        input: ({ context }) => ({ idToken: context.idToken, change: context.pending! }),
        ...saveOutcome<SetView>({
          back: 'failed',
          stored: 'idle',
          conflict:
            'Your transactions were changed elsewhere (another tab or device). They were reloaded; your change was not saved yet.',
          refused: (message) => `Saving failed: ${message}`,
          failed: (message) => `Saving failed: ${message}`,
          view: (stored) => stored,
        }),
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'transactions.retry': 'saving',
        'transactions.dismiss': { target: 'idle', actions: 'dropPending' },
        ...startSaving,
      },
    },
  },
});

export type TransactionsActorRef = ActorRefFrom<typeof transactionsMachine>;

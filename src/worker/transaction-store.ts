/**
 * The user's transaction set, held in the worker with the server's version of it. Intents change it here
 * and store it from here; the page gets a view back (the set in columns, each transaction with an id),
 * never sends a set. Intents that read or replace the set run one after another, so a save never
 * starts from a set a load is about to replace.
 */
import {
  emptyByType,
  emptyTransactionSet,
  TRANSACTION_TYPES,
  type Transaction,
  type TransactionSet,
  type TransactionType,
} from '../model';
import { accountsOrFirst, type Account, type CashTransaction, type ListedCash } from '../model/cash';
import { packListing, type PackedListing } from '../model/transaction-wire';
import { refusal, type Outcome } from '../model/outcome';
import { HttpError, type Credentials } from './services/http';
import { fetchTransactions, putTransactions, type VersionedSet } from './services/transactions-api';
import { tickerRevisions } from './ticker-revisions';
import type { Held, Position, TransactionChange } from './transaction-changes';
import type { TransactionMatches, TransactionQuery } from '../model/transaction-query';

/** The set as the page sees it after an intent: in columns, with the server's version. */
export interface HeldView {
  listing: PackedListing;
  /** The server's ETag of the set. */
  version: string | null;
  /**
   * Per ticker of the set, the revision of its rows (ticker-revisions.ts): the same number while none of
   * them changed, a number never used before when one did. The page keeps what it drew of a ticker whose
   * revision is unchanged.
   */
  revisions: Record<string, number>;
  /** The user's accounts, in their order; never empty (a set stored without accounts has the one first account). */
  accounts: Account[];
  /** The cash transactions, by date, each with its id (ids are shared with the listing's: one never names both). */
  cash: ListedCash[];
}

/** The transactions service as the store uses it. */
export interface TransactionsServer {
  fetch: (credentials: Credentials) => Promise<VersionedSet>;
  put: (
    credentials: Credentials,
    transactions: TransactionSet,
    accounts: readonly Account[],
    version: string | null,
  ) => Promise<VersionedSet>;
}

/** A request's failure as a value: the server's status and message, or 0 when it was not reached. */
function refused(error: unknown) {
  if (error instanceof HttpError) return refusal(error.status, error.message);
  return refusal(0, error instanceof Error ? error.message : String(error));
}

export class TransactionStore {
  private set: TransactionSet = emptyTransactionSet();
  private accounts: Account[] = accountsOrFirst(undefined);
  /** Each transaction's id, list by list, in the set's order. */
  private ids: Record<TransactionType, number[]> = emptyByType();
  /** Each cash transaction's id, in the cash list's order. */
  private cashIds: number[] = [];
  private positions: Map<number, Position> | null = null;
  private version: string | null = null;
  private nextId = 1;
  /** Each ticker's revision in the held set; the next one is never used before, not even after a sign-out. */
  private revisions = new Map<string, number>();
  private nextRevision = 1;
  /** Counts sign-outs: an answer that arrives after one belongs to nobody. */
  private session = 0;
  private queue: Promise<unknown> = Promise.resolve();

  /**
   * `onHeld` learns each set the store now holds (the engine derives from it); `server` is the
   * transactions service (tests put a fake server in its place).
   */
  constructor(
    private readonly onHeld: (set: TransactionSet, accounts: readonly Account[]) => void,
    private readonly server: TransactionsServer = { fetch: fetchTransactions, put: putTransactions },
  ) {}

  /** The held set: the seed's three lists and the cash. */
  current(): TransactionSet {
    return this.set;
  }

  /** The held accounts, never empty. */
  currentAccounts(): readonly Account[] {
    return this.accounts;
  }

  /** The server's version of the held set (its ETag); null before one is held. */
  heldVersion(): string | null {
    return this.version;
  }

  /** The held set and accounts together (what a change or an import builds on). */
  held(): Held {
    return { set: this.set, accounts: this.accounts };
  }

  /**
   * The held set's transactions that `query` keeps, by id, in its order, with the version they belong to.
   * The search's code (transaction-query.ts) is fetched by the first query: the dashboard never runs it.
   */
  async query(query: TransactionQuery, symbolChoices: Readonly<Record<string, string>>): Promise<TransactionMatches> {
    const { matchesOf } = await import('./transaction-query');
    return matchesOf(this.set, this.ids, query, symbolChoices, this.version);
  }

  /** Loads the set from the server (a sign-in, a reload, a conflict). */
  load(credentials: Credentials): Promise<Outcome<HeldView>> {
    return this.serial(() => this.hold(() => this.server.fetch(credentials)));
  }

  /** Applies a change to the held set and stores the result against the held version. */
  change(change: TransactionChange, credentials: Credentials): Promise<Outcome<HeldView>> {
    return this.serial(async () => {
      // The change rules (transactions, cash, accounts) are fetched by the first change: the first figures need none.
      const { applyChange, positionsOf } = await import('./transaction-changes');
      const positions = (this.positions ??= positionsOf(this.ids, this.cashIds));
      const applied = applyChange(this.held(), change, (id) => positions.get(id) ?? null);
      if (!applied.ok) return refusal(0, applied.message);
      return this.hold(() => this.server.put(credentials, applied.set, applied.accounts, this.version), applied.edited);
    });
  }

  /**
   * Stores a set built from the held one (`build` runs in turn, on the newest set: an import's merge). The
   * accounts stay as held unless `build` answers new ones (an import into a new account, a restore).
   */
  replace<T extends object>(
    build: (
      set: TransactionSet,
      accounts: readonly Account[],
    ) => Promise<{ set: TransactionSet | null; accounts?: Account[]; extra: T }>,
    credentials: Credentials,
  ): Promise<Outcome<T & { view: HeldView | null }>> {
    return this.serial(async () => {
      const { set, accounts, extra } = await build(this.set, this.accounts);
      if (set === null) return { ok: true as const, ...extra, view: null };
      const held = await this.hold(() => this.server.put(credentials, set, accounts ?? this.accounts, this.version));
      if (!held.ok) return held;
      const { ok, ...view } = held;
      return { ...extra, ok, view };
    });
  }

  /** Forgets the set and its version (sign-out); an intent still running lands nowhere. */
  clear(): void {
    this.session += 1;
    this.set = emptyTransactionSet();
    this.accounts = accountsOrFirst(undefined);
    this.ids = emptyByType();
    this.cashIds = [];
    this.positions = null;
    this.version = null;
    this.revisions = new Map();
    this.onHeld(this.set, this.accounts);
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * The server's answer becomes the held set; transactions that were held before keep their ids, and an
   * `edited` one keeps the id of the transaction it replaced (the page finds its row again).
   */
  private async hold(
    request: () => Promise<VersionedSet>,
    edited?: { id: number; transaction: Transaction | CashTransaction },
  ): Promise<Outcome<HeldView>> {
    const session = this.session;
    let answer: VersionedSet;
    try {
      answer = await request();
    } catch (error) {
      return refused(error);
    }
    if (session !== this.session) return refusal(0, 'Signed out meanwhile.');
    // Nothing held before (a load in a new worker): every id is new, no row's key is built (50,000 at XL).
    // Else each transaction keeps its held id (held-ids.ts, fetched by the first answer after a held set).
    const heldRows = TRANSACTION_TYPES.reduce((rows, type) => rows + this.ids[type].length, this.cashIds.length);
    let idOf: (t: Transaction | CashTransaction) => number | undefined = () => undefined;
    if (heldRows > 0 || edited) {
      const { idsByKey, heldIdOf } = await import('./held-ids');
      if (session !== this.session) return refusal(0, 'Signed out meanwhile.');
      const earlier = idsByKey({ set: this.set, ids: this.ids, cashIds: this.cashIds }, edited);
      idOf = (t) => heldIdOf(earlier, t);
    }
    const ids = emptyByType<number>();
    const column: number[] = [];
    for (const type of TRANSACTION_TYPES) {
      for (const t of answer.transactions[type]) {
        const id = idOf(t) || this.nextId++;
        ids[type].push(id);
        column.push(id);
      }
    }
    const cash = answer.transactions.cash ?? [];
    const cashIds = cash.map((c) => idOf(c) ?? this.nextId++);
    this.revisions = tickerRevisions(
      { set: this.set, ids: this.ids },
      this.revisions,
      { set: answer.transactions, ids },
      this.nextRevision++,
    );
    this.set = answer.transactions;
    this.accounts = accountsOrFirst(answer.accounts);
    this.ids = ids;
    this.cashIds = cashIds;
    this.positions = null;
    this.version = answer.version;
    this.onHeld(this.set, this.accounts);
    return {
      ok: true,
      listing: packListing(this.set, Uint32Array.from(column)),
      version: this.version,
      revisions: Object.fromEntries(this.revisions),
      accounts: this.accounts.map((a) => ({ ...a })),
      cash: cash.map((c, i) => ({ ...c, id: cashIds[i]! })),
    };
  }
}

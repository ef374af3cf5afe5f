/**
 * The page's side of the worker: the one worker of the page, the credentials an intent carries, and the
 * views it answers with, unpacked from columns once, here, a slice per task.
 */
import * as Comlink from 'comlink';
import {
  groupByTicker,
  type ListedSet,
  type ListedTransaction,
  type TickerGroups,
  type Transaction,
} from '../../model';
import type { Account, ListedCash } from '../../model/cash';
import type { Outcome } from '../../model/outcome';
import { transactionUnpacker, unpackListing } from '../../model/transaction-wire';
import type { Credentials, PortfolioView, SymbolsNeeded, WorkerApi } from '../../worker';

let remote: Comlink.Remote<WorkerApi> | null = null;

/** The one portfolio worker of the page, started on first use. */
export function getWorker(): Comlink.Remote<WorkerApi> {
  remote ??= Comlink.wrap<WorkerApi>(
    new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module', name: 'portfolio' }),
  );
  return remote;
}

/** The anti-forgery token the server set in a cookie (a worker cannot read cookies: the page hands it over with each intent). */
export function readXsrfToken(cookie: string = document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'XSRF-TOKEN') return decodeURIComponent(rest.join('='));
  }
  return null;
}

export const credentialsFor = (idToken: string | null): Credentials => ({
  idToken: idToken ?? '',
  xsrfToken: readXsrfToken(),
});

/** The set as the page holds it after an intent: each transaction with its id, the version, its tickers' revisions, the symbols it needs. */
export interface SetView {
  transactions: ListedSet;
  /** The same transactions per ticker (groupByTicker's order), grouped while they were unpacked: the transactions page's sections start from it. */
  byTicker: TickerGroups<ListedTransaction>;
  version: string | null;
  /** Per ticker, the revision of its rows: unchanged while none of them changed (PortfolioView['revisions']). */
  revisions: Record<string, number>;
  needed: SymbolsNeeded;
  /** The user's accounts (never empty) and the cash transactions of every account, each with its id. */
  accounts: Account[];
  cash: ListedCash[];
}

/** The view unpacked in one go (tests that hand machines a view of a few transactions). */
export function setViewOf(view: PortfolioView): SetView {
  const transactions = unpackListing(view.listing);
  return {
    transactions,
    byTicker: groupByTicker(transactions),
    version: view.version,
    revisions: view.revisions,
    needed: view.needed,
    accounts: view.accounts,
    cash: view.cash,
  };
}

/**
 * ms of unpacking per task. XL's set after a 20,000-row import is 70,000 transactions: built in one
 * task, their objects held the main thread for one long task (about 60 ms on this project's 2-core
 * machine); in slices, input and frames come between.
 */
const UNPACK_SLICE_MS = 8;
/** Transactions built between two looks at the clock. */
const UNPACK_STEP = 1_000;

/** A coming task: a MessageChannel message is one with no clamping (unlike setTimeout). */
const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/** The view with its transactions built as objects, about 8 ms of them per task. */
export async function setViewInSlices(view: PortfolioView): Promise<SetView> {
  const byTicker: TickerGroups<Transaction> = new Map();
  const unpacker = transactionUnpacker(view.listing, view.listing.ids, byTicker);
  for (;;) {
    const started = performance.now();
    let done = unpacker.next(UNPACK_STEP);
    while (!done && performance.now() - started < UNPACK_SLICE_MS) done = unpacker.next(UNPACK_STEP);
    if (done) break;
    await nextTask();
  }
  return {
    transactions: unpacker.set as ListedSet,
    byTicker: byTicker as TickerGroups<ListedTransaction>,
    version: view.version,
    revisions: view.revisions,
    needed: view.needed,
    accounts: view.accounts,
    cash: view.cash,
  };
}

/** An intent's answer with its view unpacked (in slices). */
export async function unpacked(outcome: Outcome<PortfolioView>): Promise<Outcome<SetView>> {
  return outcome.ok ? { ok: true, ...(await setViewInSlices(outcome)) } : outcome;
}

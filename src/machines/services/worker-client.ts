import * as Comlink from 'comlink';
import type { TransactionSet } from '../../model';
import { HttpError } from '../../model/http';
import type { VersionedSet } from '../../model/transactions-api';
import { packedBuffers, packTransactions, unpackTransactions, type PackedTransactions } from '../../model/transaction-wire';
import type { HeldSetOutcome, SymbolsNeeded, WorkerApi } from '../../worker';

let remote: Comlink.Remote<WorkerApi> | null = null;

/** The one portfolio worker of the page, started on first use. */
export function getWorker(): Comlink.Remote<WorkerApi> {
  remote ??= Comlink.wrap<WorkerApi>(new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module', name: 'portfolio' }));
  return remote;
}

/** A transaction set for a worker message: in columns, its buffers transferred (model/transaction-wire.ts). */
export function setForWorker(set: TransactionSet): PackedTransactions {
  const packed = packTransactions(set);
  return Comlink.transfer(packed, packedBuffers(packed));
}

/** A set the worker loaded or stored and now derives from, with the symbols it needs. */
export interface HeldSet extends VersionedSet {
  needed: SymbolsNeeded;
}

/** The worker's answer to a load or a store: the set, or the server's refusal as an `HttpError`. */
export function heldSet(outcome: HeldSetOutcome): HeldSet {
  if (!outcome.ok) throw new HttpError(outcome.status, outcome.message, null);
  return { transactions: unpackTransactions(outcome.held.transactions), version: outcome.held.version, needed: outcome.needed };
}

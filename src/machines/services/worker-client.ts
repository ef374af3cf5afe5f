import * as Comlink from 'comlink';
import type { TransactionSet } from '../../model';
import { packedBuffers, packTransactions, type PackedTransactions } from '../../model/transaction-wire';
import type { WorkerApi } from '../../worker';

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

import * as Comlink from 'comlink';
import type { WorkerApi } from '../../worker';

let remote: Comlink.Remote<WorkerApi> | null = null;

/** The one portfolio worker of the page, started on first use. */
export function getWorker(): Comlink.Remote<WorkerApi> {
  remote ??= Comlink.wrap<WorkerApi>(new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module', name: 'portfolio' }));
  return remote;
}

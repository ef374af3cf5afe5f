/**
 * The page's side of the worker: the one worker of the page, the credentials an intent carries, and the
 * views it answers with, unpacked from columns once, here.
 */
import * as Comlink from 'comlink';
import type { ListedSet } from '../../model';
import type { Outcome } from '../../model/outcome';
import { unpackListing } from '../../model/transaction-wire';
import type { Credentials, PortfolioView, SymbolsNeeded, WorkerApi } from '../../worker';

let remote: Comlink.Remote<WorkerApi> | null = null;

/** The one portfolio worker of the page, started on first use. */
export function getWorker(): Comlink.Remote<WorkerApi> {
  remote ??= Comlink.wrap<WorkerApi>(new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module', name: 'portfolio' }));
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

export const credentialsFor = (idToken: string | null): Credentials => ({ idToken: idToken ?? '', xsrfToken: readXsrfToken() });

/** The set as the page holds it after an intent: each transaction with its id, the version, the symbols it needs. */
export interface SetView {
  transactions: ListedSet;
  version: string | null;
  needed: SymbolsNeeded;
}

export const setViewOf = (view: PortfolioView): SetView => ({ transactions: unpackListing(view.listing), version: view.version, needed: view.needed });

/** An intent's answer with its view unpacked. */
export function unpacked(outcome: Outcome<PortfolioView>): Outcome<SetView> {
  return outcome.ok ? { ok: true, ...setViewOf(outcome) } : outcome;
}

/**
 * The set-up the e2e specs share: a fresh user made over the real provider's HTTP, holding a set PUT
 * through the real API as that user; the worker's engine run in the test process on a set, with the
 * recorded market files the server serves (QUOTES_PROVIDER=files); the browser's own today (the `asOf`
 * the page derives with); and a screen opened from the main menu.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Account, QuoteEntry, TransactionSet, TransactionsBody } from '#src/model';
import { PortfolioEngine } from '#src/worker/engine';
import { columnsFromChart } from '#server/quotes/quote-columns';
import { signIn as signInOverHttp } from '#helpers/oidc-login';
import { transactionsClient } from '#helpers/transactions-client';
import { expect } from './fixtures';

const MARKET = path.join(import.meta.dirname, '../../../data/market');

export interface FreshUser {
  username: string;
  password: string;
  idToken: string;
  api: ReturnType<typeof transactionsClient>;
}

/**
 * A new user of the provider, named `prefix` and a unique suffix; with `body`, that body PUT as the user
 * (the PUT must answer 200).
 */
export async function freshUser(
  baseURL: string,
  prefix: string,
  password: string,
  body?: TransactionsBody,
): Promise<FreshUser> {
  const username = `${prefix}-${Date.now().toString(36)}`;
  const { idToken } = await signInOverHttp(baseURL, { username, password, createAccount: true });
  const api = transactionsClient(baseURL, idToken);
  if (body) {
    const put = await api.put(body);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  }
  return { username, password, idToken, api };
}

/** The recorded market file of each symbol as the server's files provider answers it (its columns), or its error without one. */
const recordedQuotes = (symbols: string[]): QuoteEntry[] =>
  symbols.map((symbol) => {
    const file = path.join(MARKET, `${symbol}.json`);
    return existsSync(file)
      ? columnsFromChart(symbol, JSON.parse(readFileSync(file, 'utf8')), 'files')
      : { symbol, error: `No recorded data for ${symbol}` };
  });

export interface EngineOptions {
  accounts?: Account[];
  /** An account's id, or null (the default) for all accounts. */
  view?: string | null;
  benchmark?: string | null;
  /** The base currency every figure is in; EUR when absent. */
  baseCurrency?: string;
}

/** The worker's engine on `set` on `asOf`, with the recorded market files (the benchmark's and the rates' too). */
export function engineFigures(set: TransactionSet, asOf: string, options: EngineOptions = {}) {
  const engine = new PortfolioEngine();
  engine.setTransactions(set);
  if (options.accounts) {
    engine.setAccounts(options.accounts);
    engine.setView(options.view ?? null, options.accounts);
  }
  if (options.benchmark !== undefined) engine.setBenchmark(options.benchmark);
  if (options.baseCurrency !== undefined) engine.setBaseCurrency(options.baseCurrency);
  // Twice: the first quotes name what they need next (the rates of their currencies).
  engine.setQuotes(recordedQuotes(engine.symbolsToRequest()));
  engine.setQuotes(recordedQuotes(engine.symbolsToRequest()));
  return engine.derive(asOf, null);
}

/** The browser's own today, the `asOf` the page derives with. */
export const localToday = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });

/** Opens `name` from the main menu (the drawer). */
export async function openFromDrawer(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

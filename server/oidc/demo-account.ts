/**
 * The demo account (`demo` / `demo`), created on first start with the portfolio of
 * `data/demo-portfolio.json`. Created once: a later start finds it and changes nothing, so whatever the
 * demo user saved stays.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { validateTransactionsBody } from '../../src/model/transaction-schema';
import type { Log } from '../log';
import type { Storage } from '../storage/types';
import { sortTransactionSet } from '../transactions/sort-transaction-set';
import { createAccount } from './accounts';

export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'demo';

export type DemoAccountOutcome = 'exists' | 'created with portfolio' | 'created empty';

export async function ensureDemoAccount(storage: Storage, portfolioFile: string, log: Log): Promise<DemoAccountOutcome> {
  if (await storage.accounts.findByUsername(DEMO_USERNAME)) return 'exists';
  // The portfolio is written before the account exists: a crash in between leaves an unreachable set
  // and the next start tries again, never an account that missed its portfolio.
  const sub = randomUUID();
  const portfolio = readPortfolio(portfolioFile);
  if (portfolio.ok) await storage.transactions.put(sub, sortTransactionSet(portfolio.body.transactions), 0);
  else log.warn('demo account starts empty', { file: portfolioFile, reason: portfolio.reason });
  const { status } = await createAccount(storage.accounts, DEMO_USERNAME, DEMO_PASSWORD, sub);
  if (status === 'taken') return 'exists';
  return portfolio.ok ? 'created with portfolio' : 'created empty';
}

function readPortfolio(file: string) {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false as const, reason: (error as Error).message };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false as const, reason: `not JSON: ${(error as Error).message}` };
  }
  const validation = validateTransactionsBody(json);
  if (!validation.ok) {
    const first = validation.issues.slice(0, 3).map((issue) => `${issue.path}: ${issue.message}`);
    return { ok: false as const, reason: `not a valid TransactionsBody (${first.join('; ')})` };
  }
  return { ok: true as const, body: validation.body };
}

/**
 * The demo account (`demo` / `demo`), shared by every visitor: reserved, so it cannot be deleted
 * (`DELETE /api/account` answers 403) or registered by anyone else, and its data returns to the portfolio
 * of `data/demo-portfolio.json` on each start and every `DEMO_RESET_SECONDS` (a day), so whatever a
 * visitor wrote into it (a hostile product name, a deleted set) is gone by then. There is no rename.
 * `DEMO_ACCOUNT=off` removes it (with its data and sign-ins) and the sign-in page no longer offers it.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { DEFAULT_SETTINGS } from '../../src/model/settings';
import { validateTransactionsBody } from '../../src/model/transaction-schema';
import type { Log } from '../log';
import type { Storage } from '../storage/types';
import { sortTransactionSet } from '../transactions/sort-transaction-set';
import { createAccount } from './accounts';
import { verifyPassword } from './passwords';

export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'demo';
export const DEMO_CANNOT_BE_DELETED =
  'The demo account is shared by every visitor and cannot be deleted; its data returns to the demo portfolio every day. Nothing was deleted.';

export type DemoAccountOutcome = 'reset to the portfolio' | 'reset empty' | 'created with portfolio' | 'created empty';

/**
 * Makes the demo account what it is on a first start: the account with the password `demo` (one whose
 * password is another, left by an older version that let it be deleted and registered again, is removed
 * with its data and tokens, and a new one takes its place), the demo portfolio as its transactions, and
 * no settings, symbol choices or mappings.
 */
export async function resetDemoAccount(storage: Storage, portfolioFile: string, log: Log): Promise<DemoAccountOutcome> {
  let account = await storage.accounts.findByUsername(DEMO_USERNAME);
  if (account && !(await verifyPassword(DEMO_PASSWORD, account.passwordHash))) {
    log.warn('demo account had another password: replaced', {});
    await storage.deleteUser(account.sub);
    account = undefined;
  }
  const portfolio = readPortfolio(portfolioFile);
  if (!portfolio.ok) log.warn('demo account starts empty', { file: portfolioFile, reason: portfolio.reason });
  const set = sortTransactionSet(
    portfolio.ok ? portfolio.body.transactions : { stock: [], dividend: [], commission: [] },
  );
  if (!account) {
    // The portfolio is written before the account exists: a crash in between leaves an unreachable set
    // and the next start tries again, never an account that missed its portfolio.
    const sub = randomUUID();
    if (portfolio.ok) await storage.transactions.put(sub, set, 0);
    const { status } = await createAccount(storage.accounts, DEMO_USERNAME, DEMO_PASSWORD, sub);
    if (status === 'created') return portfolio.ok ? 'created with portfolio' : 'created empty';
    account = await storage.accounts.findByUsername(DEMO_USERNAME);
    if (!account) throw new Error('the demo account could not be created');
  }
  const { sub } = account;
  // Unconditional: a visitor's page holding the old version gets 412 on its next save and reloads.
  await storage.transactions.put(sub, set);
  await storage.settings.update(sub, { ...DEFAULT_SETTINGS });
  const choices = await storage.symbols.allChoices(sub);
  if (choices.size > 0)
    await storage.symbols.saveChoices(
      sub,
      [...choices.keys()].map((isin) => ({ isin, symbol: null })),
    );
  await storage.csvMappings.restore(sub, [], 'replace');
  return portfolio.ok ? 'reset to the portfolio' : 'reset empty';
}

/** `DEMO_ACCOUNT=off`: the demo account goes, with its data and sign-ins; whether there was one. */
export async function removeDemoAccount(storage: Storage): Promise<boolean> {
  const account = await storage.accounts.findByUsername(DEMO_USERNAME);
  if (!account) return false;
  await storage.deleteUser(account.sub);
  return true;
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

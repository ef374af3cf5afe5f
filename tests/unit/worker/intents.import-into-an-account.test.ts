/**
 * `confirmImport(tickers, credentials, target)`: the parsed statement, cash too, goes to the target
 * account (an existing one, or a new one the PUT adds to the accounts); an account deleted meanwhile
 * stops the import and nothing is stored; the result carries the statement's check. The transactions
 * service is an in-memory one here: the real server takes cash and accounts with i33-core's schema
 * (issue 33), and `tests/integration/worker` then runs the same through it. The import session is loaded by
 * the first parse: a cancel in the same turn still stops it.
 */
import { describe, expect, it } from 'vitest';
import { DashboardCharts } from '#src/worker/dashboard-charts';
import { PortfolioEngine } from '#src/worker/engine';
import { QuoteHolding } from '#src/worker/held-quotes/holding';
import { ImportSession } from '#src/worker/import-session';
import { importIntents } from '#src/worker/intents/import';
import type { WorkerContext } from '#src/worker/intents/context';
import { FigureInputs } from '#src/worker/held-quotes/figures';
import { FIRST_ACCOUNT, type Account } from '#src/model/cash';
import { emptyTransactionSet, type TransactionSet } from '#src/model';
import type { VersionedSet } from '#src/worker/services/transactions-api';
import { TransactionStore } from '#src/worker/transaction-store';
import { fixtureBytes } from '#helpers/import/degiro-files';

const credentials = { idToken: 'token', xsrfToken: null };

function workerOverAnInMemoryServer(importSession: ImportSession | null = new ImportSession()) {
  const puts: Array<{ set: TransactionSet; accounts: readonly Account[] }> = [];
  const server = { set: emptyTransactionSet(), version: 1 };
  const answered = (): VersionedSet => ({ transactions: structuredClone(server.set), version: `"${server.version}"` });
  const engine = new PortfolioEngine();
  const context: WorkerContext = {
    engine,
    charts: new DashboardCharts(),
    store: new TransactionStore((set) => engine.setTransactions(set), {
      fetch: async () => answered(),
      put: async (_, set, accounts, version) => {
        if (version !== `"${server.version}"`) throw new Error('stale version');
        puts.push({ set: structuredClone(set), accounts });
        server.set = set;
        server.version += 1;
        return answered();
      },
    }),
    importSession,
    restoreSession: null,
    symbolChoices: {},
    mappedSession: null,
    mappedCount: 0,
    heldQuotes: new QuoteHolding(),
    loads: Promise.resolve(),
    figureInputs: new FigureInputs(),
    owedDerive: null,
  };
  return { intents: importIntents(context), context, puts };
}

async function parse(intents: ReturnType<typeof importIntents>, name: string) {
  const parsed = await intents.parseImport(1, new Blob([fixtureBytes(name)]), () => {});
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.preview;
}

describe('confirmImport into an account', () => {
  it('puts every row, cash too, in a new account the PUT adds, and answers the check', async () => {
    const { intents, context, puts } = workerOverAnInMemoryServer();
    await context.store.load(credentials);
    const preview = await parse(intents, 'nl-flatex-cash.csv');
    const saved = await intents.confirmImport({}, credentials, { newAccount: 'DEGIRO pension' });
    if (!saved.ok) throw new Error(saved.message);
    expect(saved.added).toBe(preview.newTransactions);
    expect(saved.reconciliation).toEqual(preview.reconciliation);
    expect(saved.reconciliation.map((r) => r.status)).toEqual(['reconciled', 'reconciled']);
    const { set, accounts } = puts[0]!;
    expect(accounts).toEqual([
      { id: 'main', name: 'My account' },
      { id: saved.account, name: 'DEGIRO pension' },
    ]);
    expect(saved.account).toMatch(/^acc-[0-9a-f]{12}$/);
    const rows = [...set.stock, ...set.dividend, ...set.commission, ...set.cash!];
    expect(rows).toHaveLength(preview.newTransactions);
    expect(new Set(rows.map((t) => t.account))).toEqual(new Set([saved.account]));
  });

  it('refuses an account deleted meanwhile, storing nothing', async () => {
    const { intents, context, puts } = workerOverAnInMemoryServer();
    await context.store.load(credentials);
    await parse(intents, 'nl-example.csv');
    const refused = await intents.confirmImport({}, credentials, { account: 'acc-deleted' });
    expect(refused).toMatchObject({
      ok: false,
      message: expect.stringContaining('no longer exists (it was deleted meanwhile)'),
    });
    expect(puts).toEqual([]);
    // The parse is still there: choosing an account that exists imports it.
    const saved = await intents.confirmImport({}, credentials, { account: 'main' });
    expect(saved).toMatchObject({ ok: true, account: 'main' });
    expect(puts).toHaveLength(1);
    // The accounts stay as they were: the one first account.
    expect(puts[0]!.accounts).toEqual([FIRST_ACCOUNT]);
  });

  it('without a target, the rows name no account (the first), and a second import of the file adds nothing', async () => {
    const { intents, context, puts } = workerOverAnInMemoryServer();
    await context.store.load(credentials);
    await parse(intents, 'nl-example.csv');
    const first = await intents.confirmImport({}, credentials);
    expect(first).toMatchObject({ ok: true, account: null });
    expect(puts[0]!.set.cash!.every((c) => c.account === undefined)).toBe(true);
    await parse(intents, 'nl-example.csv');
    const again = await intents.confirmImport({}, credentials);
    expect(again).toMatchObject({ ok: true, added: 0, view: null });
    expect(puts).toHaveLength(1);
  });
});

describe('the import session, its code loaded by the first parse', () => {
  it('a parse cancelled in the same turn as it was asked, before the session was there, is refused; the next one lands', async () => {
    const { intents, context } = workerOverAnInMemoryServer(null);
    await context.store.load(credentials);
    expect(context.importSession).toBeNull();
    const first = intents.parseImport(1, new Blob([fixtureBytes('nl-example.csv')]), () => {});
    intents.cancelImport(1);
    expect(await first).toMatchObject({ ok: false, message: 'The parse was cancelled or overtaken by a newer one.' });
    expect(context.importSession).not.toBeNull();
    const second = await intents.parseImport(2, new Blob([fixtureBytes('nl-example.csv')]), () => {});
    expect(second).toMatchObject({ ok: true, parseId: 2 });
  });

  it('without a parse, a lookup and a confirmation are refused in words and nothing is stored', async () => {
    const { intents, context, puts } = workerOverAnInMemoryServer(null);
    await context.store.load(credentials);
    expect(await intents.lookUpImportSymbols(1, credentials)).toMatchObject({ ok: false });
    expect(await intents.confirmImport({}, credentials)).toMatchObject({
      ok: false,
      message: 'There is no parsed file to import; choose the file again.',
    });
    expect(puts).toEqual([]);
  });
});

import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  waitFor,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type InspectionEvent,
} from 'xstate';
import { appMachine } from '#src/machines/app-machine';
import { authMachine } from '#src/machines/auth-machine';
import { portfolioMachine, type PortfolioActorRef } from '#src/machines/portfolio-machine';
import type { SessionUser } from '#src/machines/services/auth-client';
import type { SetView } from '#src/machines/services/worker-client';
import type { Outcome } from '#src/model/outcome';
import { groupByTicker, type ListedSet, type Transaction } from '#src/model';
import type { ChartedDerivation, ChartedSeries, PricesLoaded, Timed, SettingsView } from '#src/worker';
import { invokeIdOf } from '#helpers/machines/graph-paths';

const root = path.resolve(import.meta.dirname, '../../..');
const alice: SessionUser = { sub: 'alice', name: 'Alice', idToken: 'token-1', expiresAt: null };
const buy: Transaction = {
  ticker: 'VWCE.DE',
  type: 'stock',
  date: '2024-01-02',
  amount: 10,
  value: 1000,
  currency: 'EUR',
};
const stored: ListedSet = { stock: [{ ...buy, id: 1 }], dividend: [], commission: [] };
/** The machines only pass the worker's results along: stand-ins with the right shape at the top are enough. */
const derivation = {
  summary: {},
  tickers: { 'VWCE.DE': {} },
  active: {},
  charts: { charts: [], excluded: [], atCost: [] },
} as unknown as ChartedDerivation;

/** The real app, its provider, server and worker replaced at the edge, watched by a custom inspector. */
function startInspectedApp() {
  const inspections: InspectionEvent[] = [];
  const auth = authMachine.provide({
    actors: { loadSession: fromPromise<SessionUser | null>(async () => alice), sessionEvents: fromCallback(() => {}) },
  });
  const portfolio = portfolioMachine.provide({
    actors: {
      loadTransactions: fromPromise<Outcome<SetView>, { idToken: string }>(async () => ({
        ok: true,
        transactions: stored,
        byTicker: groupByTicker(stored),
        version: '"1"',
        revisions: { 'VWCE.DE': 1 },
        needed: { symbols: ['VWCE.DE'], firstDate: '2024-01-02' },
        accounts: [{ id: 'main', name: 'My account' }],
        cash: [],
      })),
      fetchPrices: fromPromise<PricesLoaded, { idToken: string; symbols: string[] | null; firstDate: string | null }>(
        async ({ input }) => ({
          symbols: input.symbols ?? ['VWCE.DE'],
          firstDate: input.firstDate,
          errors: {},
          fetched: input.symbols ?? ['VWCE.DE'],
        }),
      ),
      derive: fromPromise<Timed<ChartedDerivation>, { asOf: string; active: string[] | null; view: string | null }>(
        async () => ({ result: derivation, computeMs: 2 }),
      ),
      combine: fromPromise<Timed<ChartedSeries>, { active: string[] }>(async () => ({
        result: {} as ChartedSeries,
        computeMs: 1,
      })),
      loadSettings: fromPromise<Outcome<SettingsView>, { idToken: string }>(async () => ({
        ok: true,
        settings: { benchmark: null, baseCurrency: 'EUR' },
        needed: { symbols: ['VWCE.DE'], firstDate: '2024-01-02' },
        accounts: [{ id: 'main', name: 'My account' }],
        cash: [],
      })),
    },
  });
  const app = createActor(appMachine.provide({ actors: { auth, portfolio } }), {
    input: { initialUrl: 'http://app.test/dashboard' },
    inspect: (inspection) => inspections.push(inspection),
  });
  app.start();
  return { app, inspections };
}

const ofType = <T extends InspectionEvent['type']>(inspections: InspectionEvent[], type: T) =>
  inspections.filter((inspection): inspection is Extract<InspectionEvent, { type: T }> => inspection.type === type);

describe('inspecting the app', () => {
  it('a custom inspector receives the actors, the events and the snapshots of a sign-in and a load', async () => {
    const { app, inspections } = startInspectedApp();
    const portfolio = app.system.get('portfolio') as PortfolioActorRef;
    const auth = app.system.get('auth') as AnyActorRef;
    const children = ['auth', 'portfolio', 'transactions'].map((id) => app.system.get(id) as AnyActorRef);
    const [transactions, transactionList, importer, mappedImport, yourData] = [
      'transactions',
      'transactionList',
      'import',
      'mappedImport',
      'yourData',
    ].map((id) => app.system.get(id) as AnyActorRef);
    await waitFor(portfolio, (snapshot) => snapshot.matches({ ready: 'settled' }));
    app.stop();

    const actors = ofType(inspections, '@xstate.actor').map((inspection) => inspection.actorRef);
    expect(actors).toContain(app);
    expect(children.map((child) => child.id)).toEqual(['auth', 'portfolio', 'transactions']);
    for (const child of children) expect(actors).toContain(child);

    const events = ofType(inspections, '@xstate.event');
    const sessionChanges = events.filter((inspection) => inspection.event.type === 'session.changed');
    // auth tells the app, the app forwards it to each data machine: none reads the token from another.
    expect(sessionChanges.map((inspection) => [inspection.sourceRef, inspection.actorRef, inspection.event])).toEqual([
      [auth, app, { type: 'session.changed', idToken: 'token-1' }],
      [app, portfolio, { type: 'session.changed', idToken: 'token-1' }],
      [app, transactions, { type: 'session.changed', idToken: 'token-1' }],
      [app, transactionList, { type: 'session.changed', idToken: 'token-1' }],
      [app, importer, { type: 'session.changed', idToken: 'token-1' }],
      [app, mappedImport, { type: 'session.changed', idToken: 'token-1' }],
      [app, yourData, { type: 'session.changed', idToken: 'token-1' }],
    ]);
    const doneEventsTo = (actor: AnyActorRef) =>
      events
        .filter((inspection) => inspection.actorRef === actor && inspection.event.type.startsWith('xstate.done.actor.'))
        .map((inspection) => inspection.event.type);
    expect(doneEventsTo(auth)).toEqual([`xstate.done.actor.${invokeIdOf(authMachine, 'auth.checking')}`]);
    expect(doneEventsTo(portfolio)).toEqual(
      // The worker loads the set itself (no hand-over) while the settings (the benchmark) are read and
      // every price they need is fetched in one call; then one derive.
      [
        'portfolio.loading.set.loading',
        'portfolio.loading.settings.loading',
        'portfolio.loading.prices.loading',
        'portfolio.deriving',
      ].map((stateId) => `xstate.done.actor.${invokeIdOf(portfolioMachine, stateId)}`),
    );

    const snapshots = ofType(inspections, '@xstate.snapshot').map((inspection) => ({
      actor: inspection.actorRef,
      snapshot: inspection.snapshot as AnyMachineSnapshot,
    }));
    const valuesOf = (actor: AnyActorRef) => [
      ...new Set(snapshots.filter((s) => s.actor === actor).map((s) => JSON.stringify(s.snapshot.value))),
    ];
    expect(valuesOf(auth)).toEqual(['"checking"', '"signedIn"']);
    expect(valuesOf(portfolio)).toEqual([
      '"idle"',
      '{"loading":{"set":"loading","settings":"loading","prices":"loading"}}',
      '{"loading":{"set":"loaded","settings":"loading","prices":"loading"}}',
      '{"loading":{"set":"loaded","settings":"loaded","prices":"loading"}}',
      '"deriving"',
      '{"ready":"settled"}',
    ]);
    const signedIn = snapshots.findIndex((s) => s.actor === auth && s.snapshot.matches('signedIn'));
    const ready = snapshots.findIndex((s) => s.actor === portfolio && s.snapshot.matches('ready'));
    expect(signedIn).toBeGreaterThanOrEqual(0);
    expect(ready).toBeGreaterThan(signedIn);
  });
});

/** Strings only `@statelyai/inspect` carries; minifiers keep string literals. */
const INSPECTOR_MARKERS = ['https://stately.ai/inspect', '@statelyai.connected'];

/**
 * Builds `src/ui/main.tsx` with the project's Vite config in a clean process (vitest's NODE_ENV=test would
 * make it a development build), every import external except the inspector package: if the entry reached
 * the inspector, its code would land in the output. Prints the output files and whether they carry a marker.
 */
const BUILD_ENTRY = `
import { build } from 'vite';
import path from 'node:path';
const entry = path.resolve('src/ui/main.tsx');
const inInspector = (id) => id.startsWith('@statelyai/inspect') || id.includes('/node_modules/@statelyai/inspect/');
const results = await build({
  root: process.cwd(),
  configFile: path.resolve('vite.config.ts'),
  logLevel: 'silent',
  build: {
    write: false, sourcemap: false, copyPublicDir: false, modulePreload: false,
    rolldownOptions: { input: entry, external: (id, importer) => importer !== undefined && !inInspector(id) && !inInspector(importer) },
  },
});
const markers = ${JSON.stringify(INSPECTOR_MARKERS)};
const files = (Array.isArray(results) ? results : [results]).flatMap((result) => result.output).map((file) => {
  const text = file.type === 'chunk' ? file.code : String(file.source);
  return { fileName: file.fileName, bytes: text.length, inspector: markers.some((marker) => text.includes(marker)) };
});
console.log(JSON.stringify(files));
`;

async function buildEntry(
  env: Record<string, string>,
): Promise<Array<{ fileName: string; bytes: number; inspector: boolean }>> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', BUILD_ENTRY], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Array<{
    fileName: string;
    bytes: number;
    inspector: boolean;
  }>;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? sourceFiles(path.posix.join(dir, entry.name))
        : Promise.resolve([path.posix.join(dir, entry.name)]),
    ),
  );
  return nested.flat().filter((file) => /\.(ts|tsx)$/.test(file));
}

describe('the inspector stays out of production', () => {
  it('only src/ui/main.tsx imports @statelyai/inspect, behind import.meta.env.DEV', async () => {
    const importers: string[] = [];
    for (const file of await sourceFiles('src'))
      if ((await readFile(path.join(root, file), 'utf8')).includes('@statelyai/inspect')) importers.push(file);
    expect(importers).toEqual(['src/ui/main.tsx']);
    const main = await readFile(path.join(root, 'src/ui/main.tsx'), 'utf8');
    expect(main.indexOf('import.meta.env.DEV')).toBeGreaterThan(-1);
    expect(main.indexOf('import.meta.env.DEV')).toBeLessThan(main.indexOf("import('@statelyai/inspect')"));
  });

  it(
    'a production build leaves the inspector out even with VITE_XSTATE_INSPECT=1, a development build keeps it',
    { timeout: 60_000 },
    async () => {
      const [production, development] = await Promise.all([
        buildEntry({ NODE_ENV: 'production', VITE_XSTATE_INSPECT: '1' }),
        buildEntry({ NODE_ENV: 'development', VITE_XSTATE_INSPECT: '1' }),
      ]);
      expect(production.length).toBeGreaterThan(0);
      expect(production.filter((file) => file.inspector)).toEqual([]);
      // The control: the same build in development mode bundles the inspector, so the markers do find it.
      expect(development.some((file) => file.inspector)).toBe(true);
    },
  );
});

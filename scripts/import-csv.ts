/**
 * Headless DEGIRO import: `npm run --silent import-csv -- <Account.csv> [--ticker ISIN=SYMBOL ...]`.
 * Reads the file as a Blob (the worker's code path), resolves every product's symbol the way the app does,
 * offline (the symbols service with the recorded search answers of `SYMBOL_SEARCH_DIR`, default
 * `data/symbol-search`, then the shipped table; `--ticker` choices count as the user's saved ones), and
 * prints the import as JSON on stdout: transactions with their source lines and tickers (`transactions.cash`:
 * the cash transactions, deposits, withdrawals, interest, the account's fees, conversion legs), skipped lines
 * with reasons, unrecognised lines, products with `ticker` (never empty: a symbol, or the ISIN as a
 * placeholder) and `source` (`saved`, `lookup`, `table`, `placeholder` or `none-needed`), and
 * `reconciliation`: per currency of the statement's balance, `reconciled` or the first day, line and
 * difference in cents where the imported rows' cash is not the statement's (SEMANTICS.md "Statements reconciled").
 * Exit code 0 on success, 1 when the file is not a DEGIRO export (the JSON then carries `error`), 2 on usage errors.
 */
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isValidIsin, type SymbolChoice } from '../src/model';
import {
  assignTickers,
  normaliseTicker,
  parseDegiroExport,
  type DegiroImport,
  type TickerChoice,
} from '../src/worker/import';
import type { StoredLookup, SymbolStore } from '../server/storage/types';
import { createSymbolsService } from '../server/symbols';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = 'usage: npm run --silent import-csv -- <Account.csv> [--ticker ISIN=SYMBOL ...]';

type Args = { file: string; tickers: Record<string, string> } | { error: string };

function parseArgs(argv: readonly string[]): Args {
  const tickers: Record<string, string> = {};
  let file: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    let choice: string | undefined;
    if (arg === '--ticker') choice = argv[++i];
    else if (arg.startsWith('--ticker=')) choice = arg.slice('--ticker='.length);
    else if (arg === '--help' || arg === '-h') return { error: USAGE };
    else if (arg.startsWith('--')) return { error: `unknown option ${arg}\n${USAGE}` };
    else if (file === null) file = arg;
    else return { error: `one file at a time (got ${file} and ${arg})\n${USAGE}` };
    if (arg === '--ticker' || arg.startsWith('--ticker=')) {
      // The key is an ISIN or a product name; the symbol may itself contain '=' (EUR=X).
      const at = choice?.indexOf('=') ?? -1;
      const key = choice?.slice(0, at).trim() ?? '';
      const symbol = at > 0 ? normaliseTicker(choice!.slice(at + 1)) : null;
      if (!key || !symbol)
        return {
          error: `--ticker wants KEY=SYMBOL with a Yahoo symbol, e.g. IE00B3XXRP09=VUSA.AS (got "${choice ?? ''}")`,
        };
      tickers[key] = symbol;
    }
  }
  return file === null ? { error: USAGE } : { file, tickers };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if ('error' in args) {
    process.stderr.write(`${args.error}\n`);
    return 2;
  }
  try {
    if (!(await stat(args.file)).isFile()) throw new Error('not a file');
  } catch {
    process.stderr.write(`import-csv: cannot read ${args.file}\n`);
    return 2;
  }
  const parsed = await parseDegiroExport(await openAsBlob(args.file));
  const result = parsed.error ? parsed : assignTickers(parsed, await lookUpSymbols(parsed, args.tickers));
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return result.error ? 1 : 0;
}

/** The command line's choices, held for this run as the server holds a user's: ISIN → symbol. */
function choicesOnlyStore(saved: ReadonlyMap<string, string>): SymbolStore {
  const lookups = new Map<string, StoredLookup>();
  return {
    choices: async (_userId, isins) =>
      new Map(isins.flatMap((isin) => (saved.has(isin) ? [[isin, saved.get(isin)!] as const] : []))),
    allChoices: async () => new Map(saved),
    saveChoices: async (_userId: string, _choices: readonly SymbolChoice[]) => {},
    lookups: async (isins) =>
      new Map(isins.flatMap((isin) => (lookups.has(isin) ? [[isin, lookups.get(isin)!] as const] : []))),
    saveLookup: async (isin, lookup) => {
      lookups.set(isin, lookup);
    },
  };
}

/** Each product's symbol and its source: `--ticker` first, then the offline symbols service (recorded answers, table). */
async function lookUpSymbols(
  parsed: DegiroImport,
  tickers: Record<string, string>,
): Promise<Record<string, TickerChoice>> {
  const choices: Record<string, TickerChoice> = {};
  for (const [key, ticker] of Object.entries(tickers)) choices[key] = { ticker, source: 'saved' };
  const products = parsed.products.filter(
    (p) => p.needsSymbol && isValidIsin(p.isin) && !choices[p.productKey] && !choices[p.product],
  );
  if (products.length === 0) return choices;
  const service = createSymbolsService({
    provider: 'files',
    searchDir: process.env.SYMBOL_SEARCH_DIR
      ? path.resolve(process.env.SYMBOL_SEARCH_DIR)
      : path.join(PROJECT_ROOT, 'data/symbol-search'),
    store: choicesOnlyStore(new Map()),
  });
  const resolutions = await service.resolve(
    'command-line',
    // Transactions.csv names the exchange of the trades: the listing there ranks first.
    products.map((p) => ({
      isin: p.isin,
      name: p.product,
      ...(p.currency ? { currency: p.currency } : {}),
      ...(p.venue ? { venue: p.venue } : {}),
    })),
  );
  for (const resolution of resolutions)
    if (resolution.chosen)
      choices[resolution.isin] = { ticker: resolution.chosen.symbol, source: resolution.chosen.source };
  return choices;
}

process.exitCode = await main();

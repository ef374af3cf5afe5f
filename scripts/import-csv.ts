/**
 * Headless DEGIRO import: `npm run --silent import-csv -- <Account.csv> [--ticker ISIN=SYMBOL ...]`.
 * Reads the file as a Blob (the worker's code path), prints the import as JSON on stdout: transactions
 * with their source lines, skipped lines with reasons, unrecognised lines, products with tickers.
 * Exit code 0 on success, 1 when the file is not a DEGIRO export (the JSON then carries `error`), 2 on usage errors.
 */
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { normaliseTicker, parseDegiroExport } from '../src/worker/import';

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
      if (!key || !symbol) return { error: `--ticker wants KEY=SYMBOL with a Yahoo symbol, e.g. IE00B3XXRP09=VUSA.AS (got "${choice ?? ''}")` };
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
  const result = await parseDegiroExport(await openAsBlob(args.file), { tickers: args.tickers });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return result.error ? 1 : 0;
}

process.exitCode = await main();

/**
 * The workload's quotes as the files provider reads them: one Yahoo v8 chart JSON per symbol in a
 * folder, named as `server/quotes/files-provider.ts` names it. The server then serves the workload
 * exactly as it would serve recorded market data (QUOTES_PROVIDER=files, MARKET_DATA_DIR=folder).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QuoteEntry } from '../../src/model';
import { marketFileName } from '../../server/quotes/files-provider';

export interface MarketFolder {
  dir: string;
  /** Symbols written, in the workload's order. */
  symbols: string[];
  remove(): void;
}

export function writeMarketFolder(quotes: readonly QuoteEntry[]): MarketFolder {
  const dir = mkdtempSync(join(tmpdir(), 'investments-bench-market-'));
  const symbols: string[] = [];
  for (const entry of quotes) {
    if (!('data' in entry)) throw new Error(`The workload has no chart for ${entry.symbol}: ${entry.error}`);
    writeFileSync(join(dir, marketFileName(entry.symbol)), JSON.stringify(entry.data));
    symbols.push(entry.symbol);
  }
  return { dir, symbols, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

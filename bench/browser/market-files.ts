/**
 * The workload's quotes as the files provider reads them: one Yahoo v8 chart JSON per symbol in a
 * folder, named as `server/quotes/files-provider.ts` names it. The server then serves the workload
 * exactly as it would serve recorded market data (QUOTES_PROVIDER=files, MARKET_DATA_DIR=folder).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marketFileName } from '../../server/quotes/files-provider';
import type { MarketChart } from '../workloads/make-workload';

export interface MarketFolder {
  dir: string;
  /** Symbols written, in the workload's order. */
  symbols: string[];
  remove(): void;
}

export function writeMarketFolder(charts: readonly MarketChart[]): MarketFolder {
  const dir = mkdtempSync(join(tmpdir(), 'investments-bench-market-'));
  const symbols: string[] = [];
  for (const { symbol, chart } of charts) {
    writeFileSync(join(dir, marketFileName(symbol)), JSON.stringify(chart));
    symbols.push(symbol);
  }
  return { dir, symbols, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

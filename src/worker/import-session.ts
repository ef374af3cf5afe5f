/**
 * The worker side of one DEGIRO import: the parsed file stays here (it can hold 100,000 rows); the
 * main thread gets a compact preview, then asks for the merge with the tickers the user chose.
 * The parser is loaded on first use, so the dashboard's worker stays small.
 */
import type { TransactionSet } from '../model';
import type { DegiroImport } from './import';

export interface ImportProgress {
  bytes: number;
  totalBytes: number;
  rows: number;
}

export interface ProductChoice {
  /** The key the ticker choice is stored under: the ISIN, or the product name when there is none. */
  key: string;
  product: string;
  isin: string;
  ticker: string | null;
  source: 'table' | 'user' | null;
}

export interface SkippedGroup {
  reason: string;
  count: number;
  /** Up to five of the skipped lines, as examples. */
  examples: Array<{ line: number; text: string }>;
}

export interface ImportPreview {
  error: string | null;
  counts: { buys: number; sells: number; dividends: number; commissions: number; skipped: number; unrecognised: number; lines: number };
  /** Transactions not yet in the portfolio, and those an earlier import already brought. */
  newTransactions: number;
  alreadyImported: number;
  skipped: SkippedGroup[];
  /** Up to 200 unrecognised rows; `counts.unrecognised` has them all. */
  unrecognised: Array<{ line: number; text: string }>;
  products: ProductChoice[];
}

/** What the main thread learns of a merge; the merged set stays in the worker until it is saved from there. */
export interface ImportMerge {
  added: number;
  alreadyPresent: number;
  unresolvedProducts: string[];
}

const MAX_EXAMPLES = 5;
const MAX_UNRECOGNISED = 200;

function importIdsOf(set: TransactionSet): Set<string> {
  const ids = new Set<string>();
  for (const list of [set.stock, set.dividend, set.commission]) for (const t of list) if (t.importId) ids.add(t.importId);
  return ids;
}

export function previewOf(parsed: DegiroImport, existing: TransactionSet): ImportPreview {
  const known = importIdsOf(existing);
  let alreadyImported = 0;
  let total = 0;
  for (const list of [parsed.transactions.stock, parsed.transactions.dividend, parsed.transactions.commission]) {
    for (const t of list) {
      total += 1;
      if (t.importId && known.has(t.importId)) alreadyImported += 1;
    }
  }
  const groups = new Map<string, SkippedGroup>();
  for (const row of parsed.skipped) {
    let group = groups.get(row.reason);
    if (!group) groups.set(row.reason, (group = { reason: row.reason, count: 0, examples: [] }));
    group.count += 1;
    if (group.examples.length < MAX_EXAMPLES) group.examples.push({ line: row.line, text: row.text });
  }
  return {
    error: parsed.error ?? null,
    counts: parsed.counts,
    newTransactions: total - alreadyImported,
    alreadyImported,
    skipped: [...groups.values()].sort((a, b) => b.count - a.count),
    unrecognised: parsed.unrecognised.slice(0, MAX_UNRECOGNISED),
    products: parsed.products.map((p) => ({ key: p.productKey, product: p.product, isin: p.isin, ticker: p.ticker, source: p.source })),
  };
}

export class ImportSession {
  private parsed: DegiroImport | null = null;
  /** The full set after the last merge, waiting to be saved. */
  private merged: TransactionSet | null = null;

  async parse(file: Blob, existing: TransactionSet, tickers: Record<string, string>, onProgress: (progress: ImportProgress) => void): Promise<ImportPreview> {
    const { parseDegiroExport } = await import('./import');
    this.parsed = null;
    this.merged = null;
    const parsed = await parseDegiroExport(file, { tickers, onProgress });
    this.parsed = parsed;
    return previewOf(parsed, existing);
  }

  async merge(existing: TransactionSet, tickers: Record<string, string>): Promise<ImportMerge> {
    if (!this.parsed) throw new Error('There is no parsed file to import; choose the file again.');
    const { applyTickers, mergeImported } = await import('./import');
    const { merged, ...counts } = mergeImported(existing, applyTickers(this.parsed, tickers));
    this.merged = counts.added > 0 ? merged : null;
    return counts;
  }

  /** The set the last merge made, to be saved; an error when there is none. */
  mergedSet(): TransactionSet {
    if (!this.merged) throw new Error('There is no merged import to save; confirm the import again.');
    return this.merged;
  }

  discard(): void {
    this.parsed = null;
    this.merged = null;
  }
}

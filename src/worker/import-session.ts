/**
 * The worker side of one DEGIRO import: the parsed file stays here (it can hold 100,000 rows); the
 * main thread gets a compact preview, then asks for the merge with the tickers the user chose.
 * The parser is loaded on first use, so the dashboard's worker stays small.
 */
import type { TransactionSet } from '../model';
import type { DegiroImport, ImportProgress, TickerSource } from './import';

export type { ImportProgress } from './import';

export interface ProductChoice {
  /** The key the ticker choice is stored under: the ISIN, or the product name when there is none. */
  key: string;
  product: string;
  isin: string;
  /** Never null for an import: a symbol, the ISIN as a placeholder, or the fixed ticker of a product that needs none. */
  ticker: string | null;
  source: TickerSource | null;
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

/** What the main thread learns of a merge. */
export interface ImportMerge {
  added: number;
  alreadyPresent: number;
  /** Dividends already present whose missing tax the file filled in. */
  taxFilled: number;
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

/**
 * The parsed file of the newest parse. Each parse carries an id: a newer parse or a cancel stops the one
 * running (between chunks), and only the newest parse's result is kept and answered.
 */
export class ImportSession {
  private parsed: DegiroImport | null = null;
  private newest = 0;
  private running: AbortController | null = null;

  /** The preview of `file` against `existing`; null when a newer parse or a cancel overtook this one. */
  async parse(id: number, file: Blob, existing: () => TransactionSet, tickers: Record<string, string>, onProgress: (progress: ImportProgress) => void): Promise<ImportPreview | null> {
    this.running?.abort();
    const running = new AbortController();
    this.running = running;
    this.newest = id;
    this.parsed = null;
    const { parseDegiroExport } = await import('./import');
    const parsed = await parseDegiroExport(file, { tickers, onProgress, signal: running.signal });
    if (running.signal.aborted || id !== this.newest) return null;
    this.running = null;
    this.parsed = parsed;
    if (parsed.error) return previewOf(parsed, existing());
    // The preview shows the ticker each product will have: nothing waits for a symbol.
    const { asSaved, assignTickers } = await import('./import');
    return previewOf(assignTickers(parsed, asSaved(tickers)), existing());
  }

  /** Stops parse `id` if it is the newest, and forgets its file. */
  cancel(id: number): void {
    if (id !== this.newest) return;
    this.running?.abort();
    this.running = null;
    this.discard();
  }

  /**
   * The set `existing` grows into with the parsed file's new transactions, under the tickers the user
   * chose, else the table's, else each product's ISIN as a placeholder: never blocked by a missing symbol.
   * A chosen symbol that is not a Yahoo symbol stops it, naming the products and why.
   */
  async merge(existing: TransactionSet, tickers: Record<string, string>): Promise<ImportMerge & { merged: TransactionSet; converted: number; taxFilled: number }> {
    if (!this.parsed) throw new Error('There is no parsed file to import; choose the file again.');
    const { asSaved, assignTickers, mergeImported } = await import('./import');
    const assigned = assignTickers(this.parsed, asSaved(tickers));
    const refused = assigned.products.filter((product) => product.problem);
    if (refused.length > 0) {
      const named = refused.map((product) => `${product.product}${product.isin ? ` (${product.isin})` : ''}: ${product.problem}`);
      throw new Error(`Correct the symbol of ${refused.length === 1 ? 'this product' : 'these products'} first: ${named.join('; ')}.`);
    }
    return mergeImported(existing, assigned);
  }

  discard(): void {
    this.parsed = null;
  }

  /** Stops any parse and forgets its file (sign-out). */
  reset(): void {
    this.running?.abort();
    this.running = null;
    this.newest += 1;
    this.discard();
  }
}

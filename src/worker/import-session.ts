/**
 * The worker side of one DEGIRO import: the parsed file stays here (it can hold 100,000 rows); the
 * main thread gets a compact preview, then the symbols the lookup proposes (with the listings found),
 * then asks for the merge with the symbols the user typed or picked over them.
 * The parser is loaded on first use, so the dashboard's worker stays small.
 */
import type { TransactionSet } from '../model';
import {
  isValidIsin,
  type SymbolCandidate,
  type SymbolChoice,
  type SymbolProduct,
  type SymbolResolution,
} from '../model/symbols';
import type {
  DegiroImport,
  ImportedProduct,
  ImportProgress,
  mergeCounts as countMerge,
  TickerChoice,
  TickerSource,
} from './import';
import type { Reconciliation } from './import/types';

export type { ImportProgress } from './import';
export type { CashCounts, Reconciliation } from './import/types';

export type { ImportMerge, ImportPreview, ProductChoice, SkippedGroup } from './import-preview';
import type { ImportMerge, ImportPreview, SkippedGroup } from './import-preview';

const MAX_EXAMPLES = 5;
const MAX_UNRECOGNISED = 200;

function importIdsOf(set: TransactionSet): Set<string> {
  const ids = new Set<string>();
  for (const list of [set.stock, set.dividend, set.commission, set.cash ?? []])
    for (const t of list) if (t.importId) ids.add(t.importId);
  return ids;
}

/**
 * What the merge would do with the parsed file (every product has a ticker: a symbol or its placeholder):
 * its counts, so that the preview says what the import will say. Without tickers yet, the import ids alone.
 */
function mergeCounts(parsed: DegiroImport, existing: TransactionSet, merge: typeof countMerge | null) {
  const all = [parsed.transactions.stock, parsed.transactions.dividend, parsed.transactions.commission];
  if (merge && all.every((list) => list.every((t) => t.ticker !== ''))) {
    const merged = merge(existing, parsed);
    return {
      newTransactions: merged.added,
      alreadyImported: merged.alreadyPresent,
      completes: merged.taxFilled + merged.converted + merged.renamed,
    };
  }
  const known = importIdsOf(existing);
  let alreadyImported = 0;
  let total = parsed.transactions.cash.length;
  for (const t of parsed.transactions.cash) if (known.has(t.importId)) alreadyImported += 1;
  for (const list of all) {
    for (const t of list) {
      total += 1;
      // Stored under an id an earlier version gave it (or its parts), it is not new either: the merge renames or replaces.
      if (
        known.has(t.importId) ||
        (t.formerImportId !== undefined && known.has(t.formerImportId)) ||
        t.replacesImportIds?.some((id) => known.has(id))
      )
        alreadyImported += 1;
    }
  }
  return { newTransactions: total - alreadyImported, alreadyImported, completes: 0 };
}

export function previewOf(
  parsed: DegiroImport,
  existing: TransactionSet,
  candidates: ReadonlyMap<string, SymbolCandidate[]> = new Map(),
  merge: typeof countMerge | null = null,
): ImportPreview {
  const { newTransactions, alreadyImported, completes } = mergeCounts(parsed, existing, merge);
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
    cash: parsed.counts.cash,
    reconciliation: parsed.reconciliation,
    newTransactions,
    alreadyImported,
    completes,
    skipped: [...groups.values()].sort((a, b) => b.count - a.count),
    unrecognised: parsed.unrecognised.slice(0, MAX_UNRECOGNISED),
    products: parsed.products.map((p) => ({
      key: p.productKey,
      product: p.product,
      isin: p.isin,
      ticker: p.ticker,
      source: p.source,
      currency: p.currency,
      candidates: candidates.get(p.productKey) ?? [],
      problem: p.problem ?? null,
      ...(p.venue ? { venue: p.venue } : {}),
    })),
  };
}

/**
 * The parsed file of the newest parse. Each parse carries an id: a newer parse or a cancel stops the one
 * running (between chunks), and only the newest parse's result is kept and answered.
 */
/** The products a lookup can help: they need a symbol and have a valid ISIN. */
const lookedUp = (product: ImportedProduct) => product.needsSymbol && isValidIsin(product.isin);

/** Sources of a symbol worth keeping as the user's choice on the server: not a placeholder, not a fixed ticker. */
const KEPT_SOURCES: ReadonlySet<TickerSource | null> = new Set<TickerSource | null>(['saved', 'lookup', 'table']);

export class ImportSession {
  private parsed: DegiroImport | null = null;
  private newest = 0;
  private running: AbortController | null = null;
  /** The symbols the lookup proposed for the newest parse (product key → symbol and source), and the listings it found. */
  private proposed: Record<string, TickerChoice> = {};
  private candidates = new Map<string, SymbolCandidate[]>();

  /** The preview of `file` against `existing`; null when a newer parse or a cancel overtook this one. */
  async parse(
    id: number,
    file: Blob,
    existing: () => TransactionSet,
    onProgress: (progress: ImportProgress) => void,
  ): Promise<ImportPreview | null> {
    this.running?.abort();
    const running = new AbortController();
    this.running = running;
    this.newest = id;
    this.discard();
    const { parseDegiroExport } = await import('./import');
    const parsed = await parseDegiroExport(file, { onProgress, signal: running.signal });
    if (running.signal.aborted || id !== this.newest) return null;
    this.running = null;
    this.parsed = parsed;
    if (parsed.error) return previewOf(parsed, existing());
    // The preview shows the ticker each product will have: nothing waits for a symbol.
    return this.preview(existing());
  }

  /** What the symbols service is asked for parse `id`: each product with a valid ISIN that needs a symbol; null when `id` is not the newest parse. */
  productsToLookUp(id: number): SymbolProduct[] | null {
    if (id !== this.newest || !this.parsed) return null;
    // Transactions.csv names the exchange of the trades: the listing there ranks first.
    return this.parsed.products.filter(lookedUp).map((product) => ({
      isin: product.isin,
      name: product.product,
      ...(product.currency ? { currency: product.currency } : {}),
      ...(product.venue ? { venue: product.venue } : {}),
    }));
  }

  /** Takes the lookup's answer for parse `id` (its proposals and listings) and previews again; null when `id` is no longer the newest. */
  async applyLookup(
    id: number,
    resolutions: readonly SymbolResolution[],
    existing: TransactionSet,
  ): Promise<ImportPreview | null> {
    if (id !== this.newest || !this.parsed) return null;
    const byIsin = new Map(resolutions.map((resolution) => [resolution.isin, resolution]));
    for (const product of this.parsed.products.filter(lookedUp)) {
      const resolution = byIsin.get(product.isin);
      if (!resolution) continue;
      this.candidates.set(product.productKey, resolution.candidates);
      if (resolution.chosen)
        this.proposed[product.productKey] = { ticker: resolution.chosen.symbol, source: resolution.chosen.source };
    }
    return this.preview(existing);
  }

  private async preview(existing: TransactionSet): Promise<ImportPreview> {
    const { assignTickers, mergeCounts } = await import('./import');
    return previewOf(assignTickers(this.parsed!, this.proposed), existing, this.candidates, mergeCounts);
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
   * typed or picked (an emptied one is no choice), else the lookup's, else the table's, else each
   * product's ISIN as a placeholder: never blocked by a missing symbol. New rows (cash too) go to `account`. A chosen symbol that is not a
   * Yahoo symbol stops it, naming the products and why. `choices` are what to keep on the server: each
   * product's symbol by ISIN, and a saved choice the user emptied forgotten.
   */
  async merge(
    existing: TransactionSet,
    tickers: Record<string, string>,
    account?: string,
  ): Promise<
    ImportMerge & {
      merged: TransactionSet;
      converted: number;
      renamed: number;
      taxFilled: number;
      choices: SymbolChoice[];
      reconciliation: Reconciliation[];
    }
  > {
    if (!this.parsed) throw new Error('There is no parsed file to import; choose the file again.');
    const { asSaved, assignTickers, mergeImported } = await import('./import');
    const assigned = assignTickers(this.parsed, { ...this.proposed, ...asSaved(tickers) });
    const refused = assigned.products.filter((product) => product.problem);
    if (refused.length > 0) {
      const named = refused.map(
        (product) => `${product.product}${product.isin ? ` (${product.isin})` : ''}: ${product.problem}`,
      );
      throw new Error(
        `Correct the symbol of ${refused.length === 1 ? 'this product' : 'these products'} first: ${named.join('; ')}.`,
      );
    }
    const choices: SymbolChoice[] = [];
    for (const product of assigned.products.filter(lookedUp)) {
      if (KEPT_SOURCES.has(product.source) && product.ticker)
        choices.push({ isin: product.isin, symbol: product.ticker });
      else if (this.proposed[product.productKey]?.source === 'saved')
        choices.push({ isin: product.isin, symbol: null });
    }
    return { ...mergeImported(existing, assigned, account), choices, reconciliation: this.parsed.reconciliation };
  }

  discard(): void {
    this.parsed = null;
    this.proposed = {};
    this.candidates = new Map();
  }

  /** Stops any parse and forgets its file (sign-out). */
  reset(): void {
    this.running?.abort();
    this.running = null;
    this.newest += 1;
    this.discard();
  }
}

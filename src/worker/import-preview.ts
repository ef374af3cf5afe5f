/**
 * What the main thread learns of one DEGIRO import (import-session.ts): the preview of the parsed file,
 * its products with their proposed symbols, the groups of skipped lines, and the counts of a merge.
 */
import type { SymbolCandidate } from '../model/symbols';
import type { TickerSource } from './import';
import type { CashCounts, Reconciliation } from './import/types';

export interface ProductChoice {
  /** The key the ticker choice is stored under: the ISIN, or the product name when there is none. */
  key: string;
  product: string;
  isin: string;
  /** Never null for an import: a symbol, the ISIN as a placeholder, or the fixed ticker of a product that needs none. */
  ticker: string | null;
  source: TickerSource | null;
  /** Currency its trades were made in; null without any. */
  currency: string | null;
  /** The listings the lookup found, best first (empty before the lookup, or when it found none). */
  candidates: SymbolCandidate[];
  /** Why a symbol chosen for it was refused (it then has the next source's ticker). */
  problem: string | null;
  /** DEGIRO's code of the exchange its newest trade was made on (Transactions.csv only), for the symbol lookup. */
  venue?: string;
}

export interface SkippedGroup {
  reason: string;
  count: number;
  /** Up to five of the skipped lines, as examples. */
  examples: Array<{ line: number; text: string }>;
}

export interface ImportPreview {
  error: string | null;
  counts: {
    buys: number;
    sells: number;
    dividends: number;
    commissions: number;
    skipped: number;
    unrecognised: number;
    lines: number;
  };
  /** The file's cash transactions per kind (deposits, withdrawals, interest, account fees, conversion legs). */
  cash: CashCounts;
  /**
   * The statement's own check per currency of its balance column (SEMANTICS.md "Statements reconciled"):
   * reconciled to the cent, or the first day, line and difference; empty for a file without balances.
   */
  reconciliation: Reconciliation[];
  /** Transactions not yet in the portfolio, and those an earlier import already brought. */
  newTransactions: number;
  alreadyImported: number;
  /**
   * Of those already imported, the ones this file completes: a dividend's withheld tax filled in, a USD
   * booking replaced by its EUR conversion, an id an earlier version gave replaced by the shared one. With
   * no new transaction and none completed, importing would change nothing.
   */
  completes: number;
  skipped: SkippedGroup[];
  /** Up to 200 unrecognised rows, each with why; `counts.unrecognised` has them all. */
  unrecognised: Array<{ line: number; text: string; reason: string }>;
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
